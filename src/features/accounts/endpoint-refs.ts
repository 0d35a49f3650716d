// The account calls of code that every page loads (the page shell's menu, the language choice, the signup form in
// the modal, the activation reminder): method and path only, typed by the definitions in ./endpoints, which import only as types here.
// Importing ./endpoints itself would put zod into every page's JavaScript (decision 038).
import { endpointRef } from '../../shared/endpoint-call'
import type { activateResendEndpoint, logoutEndpoint, signupEndpoint, updateUserEndpoint } from './endpoints'

export const updateUserRef = endpointRef<typeof updateUserEndpoint>('PUT', '/api/user.php')
export const logoutRef = endpointRef<typeof logoutEndpoint>('GET', '/api/logout.php')
export const signupRef = endpointRef<typeof signupEndpoint>('POST', '/api/signup.php')
export const activateResendRef = endpointRef<typeof activateResendEndpoint>('POST', '/api/activate-resend.php')
