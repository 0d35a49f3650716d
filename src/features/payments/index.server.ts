// The payments feature's public entry for the server: other features import it only through this file,
// index.ts and endpoints.ts (linted; docs/decisions/036-feature-boundaries.md).
export { applyCredits, chargeSql, ledgerEntrySql, type CreditResult, type LedgerReason } from './ledger.server'
export { syncPayment, type SyncResult } from './payments.server'
export { ProviderError, type PaymentProvider } from './provider.server'
export type { BalanceEvent } from './contracts'
export { publishBalance } from './ledger.server'
export { paymentServices } from './routes.server'
