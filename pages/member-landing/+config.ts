export default { title: 'member.title', layout: 'lander' }
