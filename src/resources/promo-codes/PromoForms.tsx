import {
  BooleanInput,
  Create,
  Edit,
  SelectInput,
  SimpleForm,
  TextInput,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { limits } from '../../contract/common';
import {
  type PromoCode,
  promoCodeInputSchema,
  promoCodeMax,
  promoDescriptionMax,
} from '../../contract/promo-codes';
import { usStates } from '../../contract/us-states';
import { zodValidate } from '../zodValidate';

const stateChoices = usStates.map((state) => ({ id: state.code, name: `${state.code} - ${state.name}` }));
const upper = (value: string) => (value ? value.toUpperCase() : value);

function useSavedToast(message: 'app.tables.promoCreated' | 'app.tables.promoUpdated') {
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  return (promo: PromoCode) => {
    notify(translate(message, { name: promo.name }), { type: 'success' });
    redirect('list', 'promo-codes');
  };
}

function PromoFields() {
  const translate = useTranslate();
  return (
    <>
      <TextInput
        source="code"
        label={translate('app.tables.code')}
        isRequired
        slotProps={{ htmlInput: { maxLength: promoCodeMax } }}
      />
      <TextInput
        source="name"
        label={translate('app.tables.name')}
        isRequired
        parse={upper}
        slotProps={{ htmlInput: { maxLength: limits.promoText } }}
      />
      <TextInput
        source="organization"
        label={translate('app.tables.organization')}
        isRequired
        parse={upper}
        slotProps={{ htmlInput: { maxLength: limits.promoText } }}
      />
      <SelectInput source="state" label={translate('app.tables.state')} choices={stateChoices} isRequired />
      <BooleanInput source="isActive" label={translate('app.tables.active')} />
      <TextInput
        source="description"
        label={translate('app.tables.description')}
        multiline
        slotProps={{ htmlInput: { maxLength: promoDescriptionMax } }}
      />
    </>
  );
}

export function PromoCreate() {
  const translate = useTranslate();
  const onSuccess = useSavedToast('app.tables.promoCreated');
  return (
    <Create title={translate('app.tables.createPromo')} mutationOptions={{ onSuccess }}>
      <SimpleForm validate={zodValidate(promoCodeInputSchema)} defaultValues={{ isActive: true }}>
        <PromoFields />
      </SimpleForm>
    </Create>
  );
}

export function PromoUpdate() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const onSuccess = useSavedToast('app.tables.promoUpdated');
  return (
    <Edit
      resource="promo-codes"
      id={Number(id)}
      title={translate('app.tables.updatePromo')}
      mutationMode="pessimistic"
      mutationOptions={{ onSuccess }}
    >
      <SimpleForm validate={zodValidate(promoCodeInputSchema)}>
        <PromoFields />
      </SimpleForm>
    </Edit>
  );
}
