/**
 * Leaving the editor never drops work silently (issue 35). A change still waiting for the
 * autosave is saved on the way out; if that save (or an earlier one) failed, a dialog asks
 * whether to stay or leave without saving. Closing or reloading the tab with unsaved changes
 * gets the browser's own question.
 */
import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';

export function LeaveGuard({ dirty, saveNow }: { dirty: boolean; saveNow: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const [ask, setAsk] = useState(false);
  const latest = useRef(blocker);
  latest.current = blocker;
  const blocked = blocker.state === 'blocked';

  // Once per blocked navigation (the blocker is a new object on every render).
  useEffect(() => {
    if (!blocked) return;
    let live = true;
    void saveNow().then((saved) => {
      if (!live) return;
      if (saved) latest.current.proceed?.();
      else setAsk(true);
    });
    return () => {
      live = false;
    };
  }, [blocked, saveNow]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const close = (leave: boolean) => {
    setAsk(false);
    if (blocker.state !== 'blocked') return;
    if (leave) blocker.proceed();
    else blocker.reset();
  };
  return (
    <ConfirmDialog
      open={ask && blocker.state === 'blocked'}
      title={t('flows.editor.leave.title')}
      text={t('flows.editor.leave.text')}
      confirmLabel={t('flows.editor.leave.confirm')}
      onConfirm={() => close(true)}
      onClose={() => close(false)}
    />
  );
}
