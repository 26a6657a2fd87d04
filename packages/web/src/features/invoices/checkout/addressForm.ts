import type { z } from 'zod';
import { subscriptionBody } from '@balcao/contracts';
import type { CheckoutAddress } from '../billingCalls';

/**
 * The data step (foundation §5, checkout): the contracts' own rules — firstName, address, city,
 * country and a valid zip code required; the CPF/CNPJ optional, digits only once typed.
 */
export const addressSchema = subscriptionBody.pick({
  firstName: true,
  lastName: true,
  address2: true,
  city: true,
  state: true,
  zipcode: true,
  country: true,
  cpfCnpj: true,
});
export type AddressValues = z.input<typeof addressSchema>;

/** Digits of a CPF/CNPJ typed with its dots, slash and hyphen. */
export const documentDigits = (value: string) => value.replace(/\D/g, '');

export const emptyAddress = (name = ''): CheckoutAddress => {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return {
    firstName: first,
    lastName: rest.join(' '),
    address2: '',
    city: '',
    state: '',
    zipcode: '',
    country: 'Brasil',
    cpfCnpj: '',
  };
};
