/** The calculator's look, inside its shadow root: the shop's page styles do not reach in, ours do not leak out. */
export const widgetStyles = `
:host{display:block;font:15px/1.45 system-ui,sans-serif;color:#1b1b1b;--kontor-accent:#2e7d32;max-width:32rem}
.calculator{border:1px solid #c8c8c8;border-radius:8px;padding:16px;background:#fff}
h2{font-size:1.15rem;margin:0 0 12px}
.logo{max-height:40px;display:block;margin-bottom:8px}
.field{display:flex;flex-direction:column;margin-bottom:10px}
.field.check{flex-direction:row;align-items:center;gap:8px}
label{font-weight:600;margin-bottom:4px}
.check label{margin:0}
input[type=number],select{font:inherit;padding:6px 8px;border:1px solid #767676;border-radius:4px;min-height:36px}
input:focus-visible,select:focus-visible{outline:3px solid var(--kontor-accent);outline-offset:1px}
small{color:#4a4a4a}
.result{margin:14px 0 8px;min-height:4.5em}
.total{font-size:1.5rem;margin:0}
.per-unit{margin:2px 0 8px}
.bar{display:flex;height:14px;border-radius:7px;overflow:hidden;background:#eee}
.bar span{display:block;min-width:2px}
.legend{list-style:none;padding:0;margin:6px 0 0;display:flex;flex-wrap:wrap;gap:4px 12px;font-size:.85rem}
.legend li::before{content:"";display:inline-block;width:.8em;height:.8em;border-radius:2px;margin-right:4px;background:currentColor;vertical-align:-1px}
.legend li{color:#1b1b1b}
.s0{background:#1b5e20}.s1{background:#2e7d32}.s2{background:#558b2f}.s3{background:#00695c}.s4{background:#0277bd}.s5{background:#6a1b9a}.s6{background:#795548}
.legend .s0,.legend .s1,.legend .s2,.legend .s3,.legend .s4,.legend .s5,.legend .s6{background:none}
.legend .s0::before{background:#1b5e20}.legend .s1::before{background:#2e7d32}.legend .s2::before{background:#558b2f}.legend .s3::before{background:#00695c}.legend .s4::before{background:#0277bd}.legend .s5::before{background:#6a1b9a}.legend .s6::before{background:#795548}
.contribution{display:flex;gap:8px;align-items:flex-start;border-top:1px solid #e0e0e0;padding-top:10px}
.contribution input{margin-top:4px}
.contribution-label{font-weight:400}
.note{font-size:.85rem;color:#4a4a4a;margin:6px 0 0}
.demo{background:#fff4e5;color:#663c00;padding:4px 8px;border-radius:4px;font-size:.85rem}
.error{color:#b00020}
`;
