import { accountDeletionStatement, leavingTexts as texts } from '@cutout/contracts';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SettingsSection } from '../../../components/settings-section';
import { BusyButton } from '../../../components/ui/busy-button';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { PasswordField } from '../../../components/ui/password-field';
import { useGoHomeSignedOut } from '../../../lib/auth/sign-out';
import { toastError } from '../../../lib/error-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { saveBlob } from '../../../lib/save-blob';
import { loadToast } from '../../../lib/toast';
import { deleteMyAccount, downloadMyData } from '../api/leaving';

/** What a deletion erases and keeps: the contracts' one statement (the privacy policy shows it too). */
export function DeletionStatement() {
  return (
    <div className="grid gap-3 text-sm">
      <div>
        <h3 className="font-medium">{texts.erasedHeading}</h3>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-muted-foreground">
          {accountDeletionStatement.erasedNow.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="font-medium">{texts.keptHeading}</h3>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-muted-foreground">
          {accountDeletionStatement.kept.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function DownloadMyData() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { blob, name } = await downloadMyData();
      saveBlob(blob, name);
    } catch (error) {
      await toastError(error, { fallback: texts.downloadFailed });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{texts.downloadIntro}</p>
      <div>
        <BusyButton
          type="button"
          variant="outline"
          busy={busy}
          busyLabel={texts.downloading}
          icon={<Download aria-hidden="true" />}
          onClick={() => void download()}
        >
          {texts.download}
        </BusyButton>
      </div>
    </div>
  );
}

function DeleteMyAccount() {
  const [open, setOpen] = useState(false);
  const goHome = useGoHomeSignedOut();
  const form = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await deleteMyAccount({ password });
    } catch (error) {
      applyFieldErrors(error, form.setError, ['password']);
      await toastError(error);
      return;
    }
    setOpen(false);
    await goHome();
    void loadToast().then((toast) => toast.success(texts.deleted));
  });

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{texts.deleteIntro}</p>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (isSubmitting) return;
          setOpen(next);
          if (!next) form.reset();
        }}
      >
        <DialogTrigger asChild>
          <Button
            variant="outline"
            className="w-fit border-red-500/40 text-red-600 hover:bg-red-500/10 dark:text-red-400"
          >
            <Trash2 aria-hidden="true" />
            {texts.delete}
          </Button>
        </DialogTrigger>
        <DialogContent className="max-h-[90dvh] overflow-y-auto">
          <DialogTitle>{texts.dialogTitle}</DialogTitle>
          <DialogDescription>{texts.deleteIntro}</DialogDescription>
          <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
            <DeletionStatement />
            <PasswordField
              label={texts.passwordLabel}
              error={errors.password?.message}
              autoComplete="current-password"
              register={() => form.register('password')}
            />
            <FormDialogFooter
              busy={isSubmitting}
              cancelLabel={texts.cancel}
              submitLabel={texts.confirm}
              busyLabel={texts.deleting}
              variant="destructive"
            />
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** /dashboard/settings' last card: 'Download my data' and 'Delete my account' (decision 0270). */
export function LeavingSection() {
  return (
    <SettingsSection title={texts.sectionTitle} tone="danger">
      <div className="grid gap-6">
        <DownloadMyData />
        <DeleteMyAccount />
      </div>
    </SettingsSection>
  );
}
