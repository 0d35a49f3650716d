// The endpoint core without the app (docs/decisions/016-endpoint-contracts.md): answers are checked against their
// schema (a wrong type is a 500, a key the contract lacks is a 500 outside production and left out in production)
// and each kind of bad field gets a message that says what is wrong.
import Fastify, { type FastifyError } from 'fastify'
import { z } from 'zod'
import i18next from 'i18next'
import fs from 'node:fs'
import path from 'node:path'
import { createSerializerCompiler, route, toApiError, validatorCompiler } from '../../src/server/endpoint.server'
import { sendError } from '../../src/server/context.server'
import { defineEndpoint } from '../../src/shared/endpoint'
import { parseInput } from '../../src/server/zod-errors.server'
import { ApiError } from '../../src/server/context.server'

const common = (lng: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, `../../locales/${lng}/common.json`), 'utf8'))

async function translator(lng: string) {
  const i = i18next.createInstance()
  await i.init({ lng, resources: { [lng]: { translation: common(lng) } }, interpolation: { escapeValue: false } })
  return i.t
}

const thing = defineEndpoint({
  method: 'GET',
  path: '/api/thing.php/:id',
  summary: 'A thing',
  session: 'none',
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: z.object({ id: z.number(), name: z.string() }),
  errors: [],
})

async function appWith(strict: boolean, answer: (id: number) => unknown) {
  const t = await translator('nl')
  const app = Fastify()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(createSerializerCompiler({ strict }))
  app.setErrorHandler((err: FastifyError, _req, reply) => sendError(reply, toApiError(err, t)))
  route(app, thing, async (req, reply) => {
    if (req.params.id === 201) reply.code(201)
    return answer(req.params.id) as { id: number; name: string }
  })
  await app.ready()
  return app
}

describe('response contracts', () => {
  it('sends an answer that matches, also as a 201', async () => {
    const app = await appWith(true, (id) => ({ id, name: 'x' }))
    expect((await app.inject('/api/thing.php/7')).json()).toEqual({ id: 7, name: 'x' })
    const created = await app.inject('/api/thing.php/201')
    expect(created.statusCode).toBe(201)
    expect(created.json()).toEqual({ id: 201, name: 'x' })
  })

  it('refuses an answer of the wrong shape with a 500 internal, in every mode', async () => {
    for (const strict of [true, false]) {
      const app = await appWith(strict, (id) => ({ id: String(id) }))
      const res = await app.inject('/api/thing.php/7')
      expect(res.statusCode).toBe(500)
      expect(res.json()).toEqual({ error: 'internal', message: 'Er is een fout opgetreden, probeer het later opnieuw.' })
    }
  })

  it('fails an answer with keys the contract lacks outside production, and leaves them out in production', async () => {
    const leaky = (id: number) => ({ id, name: 'x', password_hash: 'secret' })
    expect((await (await appWith(true, leaky)).inject('/api/thing.php/7')).statusCode).toBe(500)
    const prod = await (await appWith(false, leaky)).inject('/api/thing.php/7')
    expect(prod.statusCode).toBe(200)
    expect(prod.json()).toEqual({ id: 7, name: 'x' })
  })

  it('validates path parameters with the definition', async () => {
    const app = await appWith(true, (id) => ({ id, name: 'x' }))
    const res = await app.inject('/api/thing.php/abc')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: 'invalid_input', message: 'Controleer de gemarkeerde velden.', fields: { id: 'Vul een getal in.' } })
  })
})

describe('field messages (parseInput and route schemas share them)', () => {
  const schema = z.object({
    name: z.string().min(2).max(5),
    email: z.email(),
    born: z.iso.date(),
    gender: z.enum(['male', 'female']),
    age: z.coerce.number().int().min(18).max(99),
    count: z.number().int(),
    tags: z.array(z.string()).max(2),
    flag: z.boolean(),
    kind: z.union([z.literal('a'), z.literal('b')]),
  })
  const fieldsOf = (input: unknown, t: Awaited<ReturnType<typeof translator>>) => {
    try {
      parseInput(schema, input, t)
    } catch (err) {
      return (err as ApiError).fields
    }
    throw new Error('no error')
  }

  it('says what is wrong (Dutch)', async () => {
    const t = await translator('nl')
    expect(fieldsOf({ name: 'x', email: 'nope', born: '1990-02-31', gender: 'robot', age: 'abc', count: 1.5, tags: ['a', 'b', 'c'], flag: 'yes', kind: 'c' }, t)).toEqual({
      name: 'Minimaal 2 tekens.',
      email: 'Ongeldige e-mail',
      born: 'Vul een geldige datum in.',
      gender: 'Kies een van: male, female.',
      age: 'Vul een getal in.',
      count: 'Vul een heel getal in.',
      tags: 'Kies er maximaal 2.',
      flag: 'Moet waar of onwaar zijn.',
      kind: 'Kies een van: a, b.',
    })
    expect(fieldsOf({ name: 'abcdef', age: 17, email: '' }, t)).toMatchObject({ name: 'Maximaal 5 tekens.', age: 'Moet minimaal 18 zijn.', email: 'Dit veld is verplicht.', gender: 'Dit veld is verplicht.', flag: 'Dit veld is verplicht.' })
  })

  it('says it in the request\'s language', async () => {
    const t = await translator('en')
    expect(fieldsOf({ gender: 'robot', age: 100 }, t)).toMatchObject({ gender: 'Choose one of: male, female.', age: 'Must be at most 99.', name: 'This field is required.' })
  })
})
