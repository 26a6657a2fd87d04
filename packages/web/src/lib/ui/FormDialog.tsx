/**
 * The frame of the add/edit dialogs: a title, a scrolling body, Cancel and Save; full screen on
 * phones. The body is a separate component (<FormDialogBody>) so a form whose record loads first
 * can mount with its values under a frame that stays put (no second fade-in):
 *
 *   <FormDialog title=… testId="tag-dialog" onClose={close}>
 *     <FormDialogBody onSubmit={onSubmit} saving={isSubmitting} saveTestId="tag-save">…</FormDialogBody>
 *   </FormDialog>
 */
import { createContext, useContext, useId, type FormEvent, type ReactNode } from 'react';
import type { Breakpoint, SxProps, Theme } from '@mui/material/styles';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { ErrorState } from './ErrorState';
import { PageLoader } from './PageLoader';

/** Cancel closes the dialog: the body reads how from the frame. */
const CloseContext = createContext<() => void>(() => undefined);

interface FormDialogProps {
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The dialog's test id; its title's id is `{testId}-title`. */
  testId: string;
  maxWidth?: Breakpoint;
  /** The record to edit is loading / failed to load: a loader or a retry instead of the body, and only Cancel. */
  loading?: boolean;
  failed?: boolean;
  onRetry?: () => void;
  children?: ReactNode;
}

export function FormDialog({
  open = true,
  onClose,
  title,
  testId,
  maxWidth = 'sm',
  loading,
  failed,
  onRetry,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const titleId = `${testId}-title`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {loading || failed ? (
        <>
          <DialogContent dividers>{loading ? <PageLoader /> : <ErrorState onRetry={onRetry} />}</DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
          </DialogActions>
        </>
      ) : (
        <CloseContext value={onClose}>{children}</CloseContext>
      )}
    </Dialog>
  );
}

interface FormDialogBodyProps {
  /** Called with the form's submit event (its default already prevented). */
  onSubmit: (e: FormEvent<HTMLFormElement>) => unknown;
  saving: boolean;
  saveTestId: string;
  saveLabel?: string;
  /** Lines above and below the body (default true). */
  dividers?: boolean;
  contentSx?: SxProps<Theme>;
  /** Above the form, in the scrolling body (e.g. tabs). */
  header?: ReactNode;
  /** Below the form, in the scrolling body: parts with forms of their own (forms do not nest). */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The scrolling body and the actions. The form sits inside the body and Save names it
 * (`form=`), so the title and the actions stay in view while a long form scrolls.
 */
export function FormDialogBody({
  onSubmit,
  saving,
  saveTestId,
  saveLabel,
  dividers = true,
  contentSx,
  header,
  footer,
  children,
}: FormDialogBodyProps) {
  const { t } = useTranslation();
  const close = useContext(CloseContext);
  const formId = useId();
  return (
    <>
      <DialogContent dividers={dividers} sx={contentSx}>
        {header}
        <form
          id={formId}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void onSubmit(e);
          }}
        >
          {children}
        </form>
        {footer}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button type="submit" form={formId} variant="contained" disabled={saving} data-testid={saveTestId}>
          {saveLabel ?? t('common.save')}
        </Button>
      </DialogActions>
    </>
  );
}
