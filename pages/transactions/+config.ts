export default { title: 'transactions.title' }
