/** The sandbox pages' one stylesheet (served at /_sandbox/estilo.css: the CSP allows no inline style). */
export const PAGE_STYLE = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1f2328;background:#f4f5f7}
.banner{background:#fff3cd;border-bottom:2px solid #d4a106;color:#5c4400;padding:10px 16px;text-align:center}
.banner strong{text-transform:uppercase;letter-spacing:.04em;margin-right:6px}
main{max-width:560px;margin:24px auto;padding:0 16px}
main.wide{max-width:1120px}
.card{background:#fff;border:1px solid #d9dce1;border-radius:8px;padding:20px;margin-bottom:20px}
h1{font-size:1.5rem;margin:0 0 8px}
h2{font-size:1.15rem;margin:0 0 12px}
p{margin:0 0 12px}
.muted{color:#59636e}
.field{margin-bottom:14px}
label{display:block;font-weight:600;margin-bottom:4px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #b5bac1;border-radius:6px;background:#fff}
input:focus{outline:2px solid #1a73e8;outline-offset:1px}
input[aria-invalid="true"]{border-color:#c62828}
.error{color:#c62828;font-size:.9rem;margin:4px 0 0}
.alert{background:#fdecea;border:1px solid #f5c2c0;color:#8a1c16;border-radius:6px;padding:10px 12px;margin-bottom:14px}
button{font:inherit;font-weight:600;border:0;border-radius:6px;padding:10px 18px;background:#1a73e8;color:#fff;cursor:pointer}
button:hover{background:#155fc0}
form.inline{display:inline;margin:0}
form.inline button{padding:6px 12px;font-size:.9rem}
.submit{width:100%}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0 0 16px}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
.status{display:inline-block;border-radius:10px;padding:0 10px;font-weight:600;font-size:.9rem}
.status.paga{background:#e6f4ea;color:#1e6b34}
.status.pendente{background:#fff3cd;color:#7a5a00}
.table{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #e3e5e8;white-space:nowrap}
th{background:#f7f8fa}
td.wrap{white-space:normal;min-width:9em;overflow-wrap:break-word}
a{color:#1a5fb4}
@media (max-width:480px){main{margin:16px auto}.card{padding:16px}h1{font-size:1.3rem}}
@media (max-width:720px){
table.cards thead{display:none}
table.cards,table.cards tbody,table.cards tr,table.cards td{display:block;width:100%}
table.cards tr{border:1px solid #e3e5e8;border-radius:6px;padding:6px 10px;margin-bottom:10px}
table.cards td{border:0;padding:4px 0;white-space:normal;overflow-wrap:anywhere;min-width:0}
table.cards td[data-label]::before{content:attr(data-label);display:block;font-size:.8rem;font-weight:600;color:#59636e}
}
`;
