import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'
import styled from './styled'

const Label = styled.label({ display: 'block', marginBottom: 16, fontWeight: 600 })
const inputStyle = ({ theme, invalid }: { theme: import('@emotion/react').Theme; invalid?: boolean }) => ({
  display: 'block',
  width: '100%',
  marginTop: 6,
  minHeight: 44,
  padding: '10px 14px',
  borderRadius: 10,
  border: `1.5px solid ${invalid ? theme.colors.danger : theme.colors.border}`,
  background: '#fff',
  fontSize: 16,
  fontWeight: 400,
  color: theme.colors.text,
  '&:focus': { outline: 'none', borderColor: theme.colors.primary, boxShadow: `0 0 0 3px ${theme.colors.primarySoft}` },
})
const Input = styled.input<{ invalid?: boolean }>(inputStyle)
const Textarea = styled.textarea<{ invalid?: boolean }>(inputStyle)
const Select = styled.select<{ invalid?: boolean }>(inputStyle)
/** A select in the look of the text fields (for a select without its own label row: inline, as wide as its text). */
export const SelectInput = styled.select<{ invalid?: boolean }>((props) => ({ ...inputStyle(props), display: 'inline-block', width: 'auto', marginTop: 0 }))
/** The localized error under a field. */
export const FieldError = styled.span(({ theme }) => ({ display: 'block', color: theme.colors.danger, fontWeight: 500, fontSize: 14, marginTop: 4 }))

export const Alert = styled.div<{ tone?: 'danger' | 'success' | 'info' }>(({ theme, tone = 'danger' }) => ({
  padding: '12px 16px',
  borderRadius: 10,
  marginBottom: 16,
  fontWeight: 500,
  background: tone === 'danger' ? '#fdecea' : tone === 'success' ? '#e8f5e9' : theme.colors.primarySoft,
  color: tone === 'danger' ? theme.colors.danger : tone === 'success' ? theme.colors.success : theme.colors.text,
  border: `1px solid ${tone === 'danger' ? '#f5c2c0' : tone === 'success' ? '#b9dfbb' : theme.colors.border}`,
}))

type FieldProps = { label: string; error?: string; name: string }

export function TextField({ label, error, name, ...rest }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Label>
      {label}
      <Input name={name} invalid={Boolean(error)} aria-invalid={Boolean(error)} {...rest} />
      {error && <FieldError role="alert">{error}</FieldError>}
    </Label>
  )
}

export function TextAreaField({ label, error, name, ...rest }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Label>
      {label}
      <Textarea name={name} invalid={Boolean(error)} aria-invalid={Boolean(error)} rows={6} {...rest} />
      {error && <FieldError role="alert">{error}</FieldError>}
    </Label>
  )
}

/** A select under its label, in the look and spacing of the text fields, with its localized error. */
export function SelectField({ label, error, name, children, ...rest }: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Label>
      {label}
      <Select name={name} invalid={Boolean(error)} aria-invalid={Boolean(error)} {...rest}>
        {children}
      </Select>
      {error && <FieldError role="alert">{error}</FieldError>}
    </Label>
  )
}
