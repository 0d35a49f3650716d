export default { title: 'match_finder.title' }
