export default { title: 'direct_debit.title' }
