// What other features use of pricing: how an amount of money is written (the admin's orders).
export { formatAmount } from './billing-format';
