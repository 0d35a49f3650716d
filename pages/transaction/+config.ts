export default { title: 'transactions.result_title' }
