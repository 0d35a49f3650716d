export default { title: 'credits_page.pricing_title' }
