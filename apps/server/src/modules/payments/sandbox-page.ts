import { appTexts, formatPrice, paths, paymentTexts, sandboxCards } from '@cutout/contracts';
import { paymentsServerPaths } from './payments.paths.js';
import type { SandboxCheckoutView } from './providers/sandbox.js';

// The sandbox provider's hosted checkout page, served by Cutout itself: plain HTML and a form,
// no script, marked test mode everywhere a buyer could look.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const style = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f4f5;color:#18181b}
.banner{background:#fef3c7;color:#92400e;border-bottom:1px solid #f59e0b;padding:.75rem 1rem;text-align:center;font-weight:600}
main{max-width:28rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #e4e4e7;border-radius:1rem;padding:1.5rem;box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{font-size:1.25rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:0 0 1.25rem;font-size:.95rem}
dt{color:#71717a}dd{margin:0;text-align:right;font-weight:500}
label{display:block;font-size:.875rem;font-weight:500;margin:.85rem 0 .35rem}
input{width:100%;padding:.6rem .75rem;border:1px solid #d4d4d8;border-radius:.5rem;font-size:1rem}
input[aria-invalid=true]{border-color:#dc2626}.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
button{width:100%;margin-top:1.25rem;padding:.7rem;border:0;border-radius:.5rem;font-size:1rem;font-weight:600;cursor:pointer}
.pay{background:#4f46e5;color:#fff}.cancel{background:transparent;color:#3f3f46;border:1px solid #d4d4d8;margin-top:.75rem}
.error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;border-radius:.5rem;padding:.65rem .75rem;margin:0 0 1rem}
.cards{font-size:.85rem;color:#52525b;background:#fafafa;border:1px dashed #d4d4d8;border-radius:.5rem;padding:.65rem .75rem;margin-top:1rem}
.cards code{font-weight:600;color:#18181b}a{color:#4f46e5}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)}</title><style>${style}</style></head>
<body><div class="banner" role="note">${escapeHtml(paymentTexts.testMode)}</div><main>${body}</main></body></html>`;
}

export function sandboxCheckoutPage(
  checkout: SandboxCheckoutView,
  state: { error?: string; field?: string; card?: string; expiry?: string } = {},
): string {
  const { request } = checkout;
  const title = `${paymentTexts.sandboxTitle} — ${appTexts.productName}`;
  if (checkout.status !== 'open') {
    return layout(
      title,
      `<div class="card"><h1>${escapeHtml(paymentTexts.sandboxTitle)}</h1><p>${escapeHtml(paymentTexts.checkoutClosed)}</p><p><a href="${paths.pricing}">Back to pricing</a></p></div>`,
    );
  }
  const price = formatPrice(request.priceCents / 100, request.currency);
  const invalid = (field: string) => (state.field === field ? ' aria-invalid="true"' : '');
  const error = state.error ? `<p class="error" role="alert">${escapeHtml(state.error)}</p>` : '';
  return layout(
    title,
    `<div class="card">
<h1>${escapeHtml(paymentTexts.sandboxTitle)}</h1>
<dl><dt>Plan</dt><dd>${escapeHtml(request.planName)}</dd>
<dt>Credits</dt><dd>${request.credits}</dd>
<dt>Total</dt><dd data-testid="sandbox-total">${escapeHtml(price)}</dd>
<dt>E-mail</dt><dd>${escapeHtml(request.email)}</dd></dl>
${error}
<form method="post" action="${paymentsServerPaths.sandboxPay(checkout.id)}">
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="off" required value="${escapeHtml(state.card ?? '')}"${invalid('card')}>
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" placeholder="12/34" autocomplete="off" required value="${escapeHtml(state.expiry ?? '')}"${invalid('expiry')}></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="off" required${invalid('cvc')}></div></div>
<button class="pay" type="submit">Pay ${escapeHtml(price)}</button>
</form>
<form method="post" action="${paymentsServerPaths.sandboxCancel(checkout.id)}"><button class="cancel" type="submit">Cancel and return to Cutout</button></form>
<div class="cards"><strong>Test cards</strong> (any future expiry, any 3-digit CVC):<br>
<code>${sandboxCards.success}</code> pays &middot; <code>${sandboxCards.declined}</code> is declined</div>
</div>`,
  );
}
