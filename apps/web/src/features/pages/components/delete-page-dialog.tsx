import { pagesTexts, type PageSummary } from '@cutout/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { deletePage, pagesQueryKey } from '../api/pages';

const t = pagesTexts;

/** Spec §2: Delete asks 'Are you sure?' with a permanent-deletion warning. */
export function DeletePageDialog({
  page,
  onClose,
  onDeleted,
}: {
  page: PageSummary | undefined;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => deletePage(id),
    onSuccess: async () => {
      onClose();
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: pagesQueryKey });
      void loadToast().then((toast) => toast.success(t.deleted));
    },
    onError: (error) => {
      void toastError(error, { title: t.deleteFailed, fallback: t.deleteFailed });
    },
  });
  return (
    <Dialog
      open={page !== undefined}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
    >
      <DialogContent role="alertdialog">
        <DialogTitle>{t.deleteTitle}</DialogTitle>
        <DialogDescription>{page ? t.deleteWarning(page.title) : null}</DialogDescription>
        <FormDialogFooter
          busy={remove.isPending}
          cancelLabel={t.cancel}
          submitLabel={t.actions.delete}
          busyLabel={t.deleting}
          variant="destructive"
          onConfirm={() => page && remove.mutate(page.id)}
        />
      </DialogContent>
    </Dialog>
  );
}
