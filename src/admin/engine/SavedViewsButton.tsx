import BookmarksIcon from '@mui/icons-material/BookmarksOutlined';
import CheckIcon from '@mui/icons-material/Check';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
} from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import {
  Button,
  extractValidSavedQueries,
  type SavedQuery,
  useListContext,
  useSavedQueries,
  useTranslate,
} from 'react-admin';

/** At most this many characters in a view's name, and this many views per list. */
const savedViewLimits = { name: 60, perList: 20 } as const;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

/** The list's search, filters, sort and page size, as a saved view keeps them. */
function useCurrentView(): SavedQuery['value'] {
  const { filterValues, displayedFilters, sort, perPage } = useListContext();
  return { filter: filterValues, displayedFilters, sort, perPage };
}

function SaveViewDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const { resource } = useListContext();
  const current = useCurrentView();
  const [saved, setSaved] = useSavedQueries(resource);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const views = extractValidSavedQueries(saved);
  const trimmed = name.trim();
  const replacing = views.some((view) => view.label === trimmed);
  const error = !trimmed
    ? translate('app.views.nameRequired')
    : trimmed.length > savedViewLimits.name
      ? translate('app.views.nameTooLong', { max: savedViewLimits.name })
      : !replacing && views.length >= savedViewLimits.perList
        ? translate('app.views.tooMany', { max: savedViewLimits.perList })
        : undefined;
  const close = () => {
    setName('');
    setTouched(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (error) return;
    // A name already used replaces that view: one name, one view.
    setSaved([...views.filter((view) => view.label !== trimmed), { label: trimmed, value: current }]);
    close();
  };
  const titleId = useId();
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{translate('app.views.saveTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            margin="dense"
            fullWidth
            required
            label={translate('app.views.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={touched && Boolean(error)}
            helperText={
              touched && error ? error : replacing ? translate('app.views.replaces', { name: trimmed }) : ' '
            }
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton type="submit" variant="contained">
            {translate('ra.action.save')}
          </MuiButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * Views beside the list: the user's saved searches, filters, sort and page size under a name,
 * one click away. They are a preference that follows the user (src/providers/store.ts).
 */
export function SavedViewsButton() {
  const translate = useTranslate();
  const { resource, setFilters, setSort, setPerPage, setPage } = useListContext();
  const current = useCurrentView();
  const [saved, setSaved] = useSavedQueries(resource);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [saving, setSaving] = useState(false);
  const menuId = useId();
  const views = extractValidSavedQueries(saved);
  const active = views.find(
    (view) =>
      sameJson(view.value.filter, current.filter) &&
      sameJson(view.value.sort, current.sort) &&
      view.value.perPage === current.perPage,
  );
  const close = () => setAnchor(null);
  const apply = (view: SavedQuery) => {
    // One navigation: react-admin merges the changes made in the same tick.
    setFilters(view.value.filter ?? {}, view.value.displayedFilters ?? {});
    if (view.value.sort) setSort(view.value.sort);
    if (view.value.perPage) setPerPage(view.value.perPage);
    setPage(1);
    close();
  };
  return (
    <>
      <Button
        label={
          active
            ? translate('app.views.buttonWithName', { name: active.label })
            : translate('app.views.button')
        }
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <BookmarksIcon />
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {views.length === 0 && (
          <MenuItem disabled>
            <ListItemText>{translate('app.views.none')}</ListItemText>
          </MenuItem>
        )}
        {views.map((view) => (
          <MenuItem
            key={view.label}
            role="menuitemradio"
            aria-checked={view === active}
            onClick={() => apply(view)}
          >
            <ListItemIcon>{view === active && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{view.label}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            setSaving(true);
          }}
        >
          <ListItemText inset>{translate('app.views.save')}</ListItemText>
        </MenuItem>
        {active && (
          <MenuItem
            onClick={() => {
              setSaved(views.filter((view) => view !== active));
              close();
            }}
          >
            <ListItemText inset>{translate('app.views.remove', { name: active.label })}</ListItemText>
          </MenuItem>
        )}
      </Menu>
      <SaveViewDialog open={saving} onClose={() => setSaving(false)} />
    </>
  );
}
