// https://vike.dev/data: the same page as /pages/{token}.
export { data } from '../pages/@token/+data'
