import puppeteer from "puppeteer-core";
const browser = await puppeteer.launch({ executablePath: "/usr/bin/chromium", headless: true, args: ["--no-sandbox"] });
const page = await browser.newPage();
await page.setViewport({ width: 1280, height: 800 });
const errors = [];
page.on("pageerror", (e) => errors.push(String(e)));
page.on("console", (m) => errors.push("console: " + m.text()));
await page.goto("file://" + process.argv[2]);
await page.waitForSelector("table.scores");
await page.screenshot({ path: process.argv[3], fullPage: process.argv[4] === "full" });
if (process.argv[5]) { await page.click("table.segments tbody tr"); await page.evaluate(()=>document.querySelector('.detail').scrollIntoView()); await page.screenshot({ path: process.argv[5] }); }
console.log(errors);
await browser.close();
