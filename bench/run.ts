// npm run bench: every benchmark in turn. Run one alone with `npx tsx bench/<name>.ts`.
await import('./ssr')
await import('./members')
export {}
