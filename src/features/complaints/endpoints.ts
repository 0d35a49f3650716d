// The complaints form (SPEC.md section 3), as an endpoint definition (docs/decisions/016-endpoint-contracts.md).
// Handler: routes.server.ts.
import { defineEndpoint } from '../../shared/endpoint'
import { complaintRequest, complaintResponse } from '../../shared/contracts'

export const complaintEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/complaints.php',
  summary: 'File a complaint (logged in or not); answers 201 with its number',
  session: 'optional',
  body: complaintRequest,
  response: complaintResponse,
  errors: [],
})
