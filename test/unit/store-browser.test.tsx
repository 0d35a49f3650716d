// src/shared/store.ts in the browser: Valtio as it is, a proxy per store and a snapshot per render that re-renders
// the component when what it read changes (the server's side is store-server.test.tsx).
import { act, render, screen } from '@testing-library/react'
import { getVersion } from 'valtio'
import { createStore, useStoreSnapshot } from '../../src/shared/store'

describe('stores in the browser', () => {
  it('makes a Valtio proxy and re-renders its readers on a change', async () => {
    const initial = { count: 1 }
    const store = createStore(initial)
    expect(store).not.toBe(initial)
    expect(getVersion(store)).toEqual(expect.any(Number))
    let snapshot: unknown
    function Count() {
      const snap = useStoreSnapshot(store)
      snapshot = snap
      return <p data-testid="count">{snap.count}</p>
    }
    render(<Count />)
    expect(screen.getByTestId('count').textContent).toBe('1')
    expect(snapshot).not.toBe(store)
    // Valtio tells its readers of a change in a microtask.
    await act(async () => {
      store.count = 2
    })
    expect(screen.getByTestId('count').textContent).toBe('2')
  })
})
