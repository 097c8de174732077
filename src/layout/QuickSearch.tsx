import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  CircularProgress,
  Dialog,
  IconButton,
  InputAdornment,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useBasename, usePermissions, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { offers } from '../../contract/definition';
import { definitionWithoutSchemasOf } from '../../contract/definitions/without-schemas';
import { quickSearchLimits } from '../../contract/limits';
import type { QuickSearchResult } from '../../contract/search';
import { useResourceText } from '../admin/engine/labels';
import { hasUpdateForm } from '../admin/engine/useOffers';
import { http, isAbort } from '../providers';
import { pageLabels } from './pages';
import { useSelectedOrganization } from './useSelectedOrganization';

type Group = QuickSearchResult['groups'][number];
type Item = Group['items'][number] & { resource: string };

/** A pause in typing before the box asks the server, so each key press is not a request. */
const typingPauseMs = 250;

/**
 * Where a found row opens: its update page where the user may edit it, else its list searched
 * for it; logos and products open their organization's page.
 */
function pathOf(item: Item, roles: readonly string[]) {
  const definition = definitionWithoutSchemasOf(item.resource);
  if (!definition) return `/${item.resource}`;
  if (offers(definition, 'update', roles) && hasUpdateForm(definition))
    return `/${item.resource}/update/${item.id}`;
  return `/${item.resource}?${new URLSearchParams({ filter: JSON.stringify({ q: item.title }) })}`;
}

function useQuickSearch(term: string) {
  const [state, setState] = useState<{ term: string; result?: QuickSearchResult; failed?: boolean }>({
    term: '',
  });
  const q = term.trim();
  useEffect(() => {
    if (q.length < quickSearchLimits.minLength) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      http<{ result: QuickSearchResult }>(`/api/search?${new URLSearchParams({ q })}`, {
        signal: controller.signal,
      })
        .then(({ result }) => setState({ term: q, result }))
        .catch((error) => {
          if (!isAbort(error)) setState({ term: q, failed: true });
        });
    }, typingPauseMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);
  const current = state.term === q && q.length >= quickSearchLimits.minLength;
  return {
    result: current ? state.result : undefined,
    failed: current && state.failed,
    searching: q.length >= quickSearchLimits.minLength && !current,
  };
}

function QuickSearchDialog({
  open,
  onClose,
  onCancel,
}: {
  open: boolean;
  onClose: () => void;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  const text = useResourceText();
  const navigate = useNavigate();
  const basename = useBasename();
  // The server names each group in English: the app names it as its menu entry does.
  const groupLabel = (group: Group) => {
    const definition = definitionWithoutSchemasOf(group.resource);
    if (definition) return text.menu(definition);
    return group.resource in pageLabels ? translate(pageLabels[group.resource]) : group.label;
  };
  const { permissions } = usePermissions<string[]>();
  const { canChoose, setOrganizationId } = useSelectedOrganization();
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const { result, failed, searching } = useQuickSearch(term);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const items = useMemo<Item[]>(
    () =>
      result?.groups.flatMap((group) => group.items.map((item) => ({ ...item, resource: group.resource }))) ??
      [],
    [result],
  );
  const activeRef = useRef<HTMLDivElement | null>(null);
  useEffect(() => setActive(0), [items]);
  // A block body: Chromium's scrollIntoView now returns a Promise, which React would call as
  // the effect's cleanup on the next arrow key and throw.
  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const close = () => {
    setTerm('');
    onClose();
  };
  // Focus goes back once the dialog is gone: before, its focus trap would take it back.
  const cancelled = useRef(false);
  const cancel = () => {
    cancelled.current = true;
    close();
  };
  const go = (item: Item) => {
    if (canChoose && item.organizationId !== null) setOrganizationId(item.organizationId);
    navigate(`${basename}${pathOf(item, permissions ?? [])}`);
    close();
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (items.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(items[active]);
    }
  };

  const short = term.trim().length < quickSearchLimits.minLength;
  let index = -1;
  return (
    <Dialog
      open={open}
      onClose={cancel}
      // Focus goes back to where the search was opened from only when nothing was opened; an
      // opened result's page takes it on its heading (useFocusRescue).
      disableRestoreFocus
      fullWidth
      maxWidth="sm"
      // On the element whose role is dialog (the paper), not on the container MUI gives an aria-label.
      slotProps={{
        paper: { 'aria-label': translate('app.quickSearch.title') },
        transition: {
          onExited: () => {
            if (cancelled.current) onCancel();
            cancelled.current = false;
          },
        },
      }}
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
    >
      <Box sx={{ p: 2, pb: 1 }}>
        <TextField
          autoFocus
          fullWidth
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={translate('app.quickSearch.placeholder')}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-label': translate('app.quickSearch.title'),
              'aria-expanded': items.length > 0,
              'aria-controls': listId,
              'aria-autocomplete': 'list',
              'aria-activedescendant': items.length > 0 ? optionId(active) : undefined,
              maxLength: 200,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  {searching ? <CircularProgress size={20} aria-hidden /> : <SearchIcon />}
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box role="status" sx={{ px: 3, pb: items.length > 0 ? 0 : 2 }}>
        <Typography variant="body2" color="text.secondary">
          {short
            ? translate('app.quickSearch.hint', { min: quickSearchLimits.minLength })
            : failed
              ? translate('app.quickSearch.failed')
              : result && items.length === 0
                ? translate('app.quickSearch.none', { term: term.trim() })
                : result
                  ? translate('app.quickSearch.count', { smart_count: items.length })
                  : ''}
          {result && result.timedOut.length > 0 ? ` ${translate('app.quickSearch.partial')}` : ''}
        </Typography>
      </Box>
      <List
        id={listId}
        role="listbox"
        aria-label={translate('app.quickSearch.results')}
        sx={{ maxHeight: '60vh', overflowY: 'auto', pt: 0 }}
      >
        {result?.groups.map((group) => (
          <li key={group.resource} role="presentation">
            <List role="group" aria-label={groupLabel(group)} disablePadding>
              <ListSubheader role="presentation">{groupLabel(group)}</ListSubheader>
              {group.items.map((item) => {
                index += 1;
                const mine = index;
                return (
                  <ListItemButton
                    key={`${group.resource}-${item.id}`}
                    id={optionId(mine)}
                    role="option"
                    aria-selected={mine === active}
                    selected={mine === active}
                    ref={mine === active ? activeRef : undefined}
                    tabIndex={-1}
                    onMouseMove={() => setActive(mine)}
                    onClick={() => go({ ...item, resource: group.resource })}
                  >
                    <ListItemText primary={item.title} />
                  </ListItemButton>
                );
              })}
            </List>
          </li>
        ))}
      </List>
    </Dialog>
  );
}

/** The top bar's search button; Ctrl+K (⌘K on a Mac) opens the same box from anywhere in the admin. */
export function QuickSearchButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const opener = useRef<Element | null>(null);
  const openSearch = () => {
    opener.current = document.activeElement;
    setOpen(true);
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        opener.current = document.activeElement;
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const label = translate('app.quickSearch.button');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-keyshortcuts="Control+K" onClick={openSearch}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
      <QuickSearchDialog
        open={open}
        onClose={() => setOpen(false)}
        onCancel={() => {
          if (opener.current instanceof HTMLElement) opener.current.focus();
        }}
      />
    </>
  );
}
