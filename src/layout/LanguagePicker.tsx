import { Box, Button } from '@mui/material';
import { localeChoices, useLocale, useShellMessages } from '../i18n/locale';
import { chooseLocale } from '../providers/locale';

/** The sign-in page's choice for visitors: each language named in itself, remembered by the browser. */
export function LanguagePicker() {
  const locale = useLocale();
  const { language } = useShellMessages().layout;
  return (
    <Box role="group" aria-label={language} sx={{ display: 'flex', justifyContent: 'center', gap: 1, mt: 2 }}>
      {localeChoices.map((choice) => (
        <Button
          key={choice.locale}
          lang={choice.locale}
          size="small"
          aria-pressed={locale === choice.locale}
          variant={locale === choice.locale ? 'outlined' : 'text'}
          onClick={() => void chooseLocale(choice.locale)}
        >
          {choice.name}
        </Button>
      ))}
    </Box>
  );
}
