import { limits } from '../limits';
import { accessFor, defineResource, field, type RowOf } from '../definition';
import { roles } from '../roles';
import { usStates } from '../us-states';

export const promoCodeMax = 50;
export const promoDescriptionMax = 500;

export const promoCodes = defineResource({
  name: 'promo-codes',
  table: 'promo_codes',
  label: { one: 'Promo Code', many: 'Promos' },
  titleField: 'name',
  menu: { group: 'settings', icon: 'LocalOffer', order: 20 },
  // The spec's Promos table had no delete because a delete was final; from the trash it comes back.
  access: accessFor([roles.admin]),
  trash: true,
  fields: {
    // Shoppers type codes in any case, so two codes differing only in case would collide.
    code: field.text({
      label: 'Code',
      max: promoCodeMax,
      required: true,
      unique: 'ci',
      search: true,
      sort: true,
      pattern: { regex: /^[A-Za-z0-9_-]+$/, message: 'Code may contain only letters, digits, - and _' },
    }),
    name: field.text({
      label: 'Name',
      max: limits.promoText,
      required: true,
      transform: 'upper',
      search: true,
      sort: true,
    }),
    organization: field.text({
      label: 'Organization',
      max: limits.promoText,
      required: true,
      transform: 'upper',
      search: true,
      sort: true,
    }),
    state: field.choice({
      label: 'State',
      required: true,
      choices: usStates.map((state) => ({ value: state.code, label: `${state.code} - ${state.name}` })),
      search: true,
      sort: true,
      filter: true,
    }),
    isActive: field.boolean({ label: 'Active', required: true, default: true, sort: true, filter: true }),
    description: field.longText({ label: 'Description', max: promoDescriptionMax, list: false }),
  },
  list: { sort: { field: 'code', order: 'ASC' } },
  audit: { entityType: 'promoCode' },
  routes: {
    delete: { path: '', idIn: 'query' },
    toggle: { field: 'isActive', method: 'PUT', path: 'update-active-status', idIn: 'body' },
  },
});

export type PromoCode = RowOf<typeof promoCodes>;
