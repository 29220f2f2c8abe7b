#!/usr/bin/env node
// The installed command: runs the built CLI. (A file that exists before the build, so that a workspace
// install can link the bin before dist/ is built.)
import "../dist/cli.js";
