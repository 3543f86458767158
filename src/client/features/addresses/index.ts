/** The addresses feature's public module: what other features may use. */
export { addressLine, useAddressesQuery, type Address } from './addressApi';
export { addressEditPath, addressListPath } from './paths';
