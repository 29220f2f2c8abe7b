/** The playground's own layout, on top of the report's styles (which draw the match views). */
export const PLAYGROUND_CSS = `
#app{max-width:1280px;margin:0 auto;padding:12px 20px 40px}
header.top h1{font-size:21px;margin:2px 0}
.cols{display:grid;grid-template-columns:minmax(300px,5fr) 7fr;gap:20px;align-items:start}
.inputs textarea{width:100%;font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;padding:6px 8px;border:1px solid #d1d5db;border-radius:6px;resize:vertical;margin-bottom:6px}
label.block{display:block;font-weight:600;margin:6px 0 3px}
.opts{display:flex;flex-direction:column;gap:8px;margin-top:4px}
.opts .group{display:flex;flex-wrap:wrap;gap:12px;align-items:center}
.status{color:#6b7280;font-size:12.5px}
.outputs h2{margin-top:4px}
.cols>div{min-width:0}
.card{border:1px solid #e5e7eb;border-radius:8px;padding:6px 12px;margin:0 0 8px;background:#f9fafb}
.card .result{display:flex;flex-wrap:wrap;gap:4px 18px}
.card .result code{font-size:14px;font-weight:600;background:none;padding:0;color:#111827}
.card .sig code{font-size:11.5px;color:#6b7280;background:none;padding:0;word-break:break-all}
.seg-pick{margin:12px 0 4px}
.error{color:#b91c1c;background:#fef2f2;border:1px solid #fecaca;border-radius:6px;padding:8px 10px}
.side .label{flex-basis:120px}
[hidden]{display:none!important}
.opts .metrics{gap:6px 14px}
fieldset.mopts{border:1px solid var(--line);border-radius:8px;padding:4px 10px 8px;margin:0;display:flex;flex-wrap:wrap;gap:6px 14px;align-items:center;background:var(--soft)}
fieldset.mopts legend{font-weight:600;font-size:12.5px;padding:0 4px}
fieldset.mopts label.opt{font-size:12.5px;white-space:nowrap}
fieldset.mopts input[type=number]{width:6.5em}
.card .error{margin:4px 0}
#spm-info{word-break:break-all}
.card .note{margin:2px 0 0;font-size:12px}
`;
