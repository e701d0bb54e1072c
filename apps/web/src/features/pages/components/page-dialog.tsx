import { zodResolver } from '@hookform/resolvers/zod';
import {
  generateSlug,
  limits,
  pageBodySchema,
  pagesTexts,
  pageStatuses,
  pageTemplates,
  seoChecks,
  seoScore,
  type Page,
  type PageBody,
  type PageInput,
} from '@cutout/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Wand2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { Textarea } from '../../../components/ui/textarea';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { createPage, pageAddress, pageQueryOptions, pagesQueryKey, updatePage } from '../api/pages';
import { SeoChecklist, SeoScore } from './seo-score';
import { Select } from '../../../components/ui/select';

// Add New Page and Edit Page (spec §2 Admin, Page Management): tabs Content (title, slug with
// Generate, HTML content, excerpt), SEO (meta title, description, keywords, featured image),
// Settings (status, template, author) and Preview (a summary with the content length and the
// SEO score out of 100, computed by the same function the server stores it with).

type Values = Required<PageBody>;
type Tab = 'content' | 'seo' | 'settings' | 'preview';

const fieldTabs: Record<keyof Values, Tab> = {
  title: 'content',
  slug: 'content',
  content: 'content',
  excerpt: 'content',
  meta_title: 'seo',
  meta_description: 'seo',
  meta_keywords: 'seo',
  featured_image: 'seo',
  status: 'settings',
  template: 'settings',
  author: 'settings',
};
const fieldNames = Object.keys(fieldTabs) as (keyof Values)[];

const emptyValues: Values = {
  title: '',
  slug: '',
  content: '',
  excerpt: '',
  meta_title: '',
  meta_description: '',
  meta_keywords: '',
  featured_image: '',
  status: 'draft',
  template: 'default',
  author: limits.defaultPageAuthor,
};

function valuesOf(page: Page): Values {
  return {
    title: page.title,
    slug: page.slug,
    content: page.content,
    excerpt: page.excerpt,
    meta_title: page.meta_title,
    meta_description: page.meta_description,
    meta_keywords: page.meta_keywords,
    featured_image: page.featured_image,
    status: page.status,
    template: page.template,
    author: page.author,
  };
}

const t = pagesTexts;

function Counter({ value }: { value: string }) {
  return (
    <span className="text-xs text-muted-foreground tabular-nums">
      {t.hints.characters(value.trim().length)}
    </span>
  );
}

function PageForm({
  page,
  onDone,
}: {
  /** The page being edited; none to add one. */
  page?: Page;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('content');
  const form = useForm<PageBody, unknown, PageInput>({
    resolver: zodResolver(pageBodySchema),
    defaultValues: page ? valuesOf(page) : emptyValues,
  });
  const { errors, isSubmitting } = form.formState;
  const watched = useWatch({ control: form.control }) as Values;

  const showFirstError = (fieldErrors: FieldErrors<PageBody>) => {
    const first = fieldNames.find((name) => fieldErrors[name]);
    if (first) setTab(fieldTabs[first]);
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        if (page) await updatePage(page.id, values);
        else await createPage(values);
        await queryClient.invalidateQueries({ queryKey: pagesQueryKey });
        void loadToast().then((toast) => toast.success(page ? t.updated : t.created));
        onDone();
      } catch (error) {
        if (applyFieldErrors(error, form.setError, fieldNames)) {
          const marked = fieldNames.find((name) => form.getFieldState(name).error);
          if (marked) setTab(fieldTabs[marked]);
        }
        const failed = page ? t.updateFailed : t.createFailed;
        void toastError(error, { title: failed, fallback: failed });
      }
    },
    (fieldErrors) => showFirstError(fieldErrors),
  );

  const checks = seoChecks(watched);
  const score = seoScore(watched);
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-5">
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList className="grid w-full grid-cols-4">
          <TabsTrigger value="content">{t.tabs.content}</TabsTrigger>
          <TabsTrigger value="seo">{t.tabs.seo}</TabsTrigger>
          <TabsTrigger value="settings">{t.tabs.settings}</TabsTrigger>
          <TabsTrigger value="preview">{t.tabs.preview}</TabsTrigger>
        </TabsList>

        {/* forceMount keeps every field registered while its tab is hidden. */}
        <TabsContent
          value="content"
          forceMount
          className="mt-5 grid gap-5 data-[state=inactive]:hidden"
        >
          <FormField label={t.fields.title} error={errors.title?.message}>
            {(control) => <Input {...control} {...form.register('title')} />}
          </FormField>
          <FormField label={t.fields.slug} error={errors.slug?.message} hint={t.hints.slug}>
            {(control) => (
              <div className="flex gap-2">
                <Input {...control} placeholder="/about-our-team" {...form.register('slug')} />
                <Button
                  type="button"
                  variant="outline"
                  onClick={() =>
                    form.setValue('slug', generateSlug(form.getValues('title')), {
                      shouldDirty: true,
                      shouldValidate: form.formState.isSubmitted,
                    })
                  }
                >
                  <Wand2 aria-hidden="true" />
                  {t.fields.generate}
                </Button>
              </div>
            )}
          </FormField>
          <FormField
            label={t.fields.content}
            error={errors.content?.message}
            hint={t.hints.content}
            labelAside={<Counter value={watched.content ?? ''} />}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={10}
                spellCheck={false}
                className="min-h-48 font-mono text-xs leading-5"
                placeholder="<h2>Heading</h2><p>Text…</p>"
                {...form.register('content')}
              />
            )}
          </FormField>
          <FormField label={t.fields.excerpt} error={errors.excerpt?.message}>
            {(control) => <Textarea {...control} rows={2} {...form.register('excerpt')} />}
          </FormField>
        </TabsContent>

        <TabsContent
          value="seo"
          forceMount
          className="mt-5 grid gap-5 data-[state=inactive]:hidden"
        >
          <FormField
            label={t.fields.metaTitle}
            error={errors.meta_title?.message}
            hint={t.hints.metaTitle}
            labelAside={<Counter value={watched.meta_title ?? ''} />}
          >
            {(control) => <Input {...control} {...form.register('meta_title')} />}
          </FormField>
          <FormField
            label={t.fields.metaDescription}
            error={errors.meta_description?.message}
            hint={t.hints.metaDescription}
            labelAside={<Counter value={watched.meta_description ?? ''} />}
          >
            {(control) => <Textarea {...control} rows={3} {...form.register('meta_description')} />}
          </FormField>
          <FormField
            label={t.fields.metaKeywords}
            error={errors.meta_keywords?.message}
            hint={t.hints.metaKeywords}
          >
            {(control) => <Input {...control} {...form.register('meta_keywords')} />}
          </FormField>
          <FormField label={t.fields.featuredImage} error={errors.featured_image?.message}>
            {(control) => (
              <Input
                {...control}
                type="url"
                placeholder="https://…"
                {...form.register('featured_image')}
              />
            )}
          </FormField>
        </TabsContent>

        <TabsContent
          value="settings"
          forceMount
          className="mt-5 grid gap-5 data-[state=inactive]:hidden"
        >
          <FormField label={t.fields.status} error={errors.status?.message}>
            {(control) => (
              <Select {...control} {...form.register('status')}>
                {pageStatuses.map((status) => (
                  <option key={status} value={status}>
                    {t.statusLabels[status]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label={t.fields.template} error={errors.template?.message}>
            {(control) => (
              <Select {...control} {...form.register('template')}>
                {pageTemplates.map((template) => (
                  <option key={template} value={template}>
                    {t.templateLabels[template]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label={t.fields.author} error={errors.author?.message}>
            {(control) => (
              <Input
                {...control}
                placeholder={limits.defaultPageAuthor}
                {...form.register('author')}
              />
            )}
          </FormField>
        </TabsContent>

        <TabsContent value="preview" forceMount className="mt-5 data-[state=inactive]:hidden">
          <div
            className="rounded-xl border border-border bg-subtle p-4"
            data-testid="page-preview-summary"
          >
            <p className="text-sm font-semibold">{t.preview.summary}</p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t.fields.title}</dt>
              <dd className="min-w-0 truncate font-medium">
                {watched.title?.trim() || t.preview.none}
              </dd>
              <dt className="text-muted-foreground">{t.fields.slug}</dt>
              <dd className="min-w-0 truncate font-mono text-xs leading-5">
                {watched.slug?.trim() || t.preview.none}
              </dd>
              <dt className="text-muted-foreground">{t.fields.status}</dt>
              <dd>{t.statusLabels[watched.status ?? 'draft']}</dd>
              <dt className="text-muted-foreground">{t.fields.template}</dt>
              <dd>{t.templateLabels[watched.template ?? 'default']}</dd>
              <dt className="text-muted-foreground">{t.preview.contentLength}</dt>
              <dd data-testid="preview-content-length">
                {t.hints.characters((watched.content ?? '').trim().length)}
              </dd>
              <dt className="text-muted-foreground">{t.preview.seoScore}</dt>
              <dd data-testid="preview-seo-score">
                <SeoScore score={score} outOf />
              </dd>
            </dl>
            <div className="mt-4 border-t border-border pt-4">
              <SeoChecklist checks={checks} />
            </div>
            {page ? (
              <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-border pt-4">
                <Button asChild variant="outline" size="sm">
                  <a
                    href={pageAddress(page.slug, { preview: true })}
                    target="_blank"
                    rel="noopener"
                  >
                    <ExternalLink aria-hidden="true" />
                    {t.preview.openPreview}
                  </a>
                </Button>
                <p className="text-xs text-muted-foreground">{t.preview.savedOnly}</p>
              </div>
            ) : null}
          </div>
        </TabsContent>
      </Tabs>

      <FormDialogFooter
        busy={isSubmitting}
        cancelLabel={t.cancel}
        submitLabel={page ? t.save : t.create}
        busyLabel={page ? t.saving : t.creating}
      />
    </form>
  );
}

function EditPageForm({ id, onDone }: { id: string; onDone: () => void }) {
  const query = useQuery(pageQueryOptions(id));
  useEffect(() => {
    if (query.isError) {
      void toastError(query.error, { title: t.loadPageFailed, fallback: t.loadPageFailed });
      onDone();
    }
  }, [query.isError, query.error, onDone]);
  if (!query.data) {
    return (
      <div className="flex h-64 items-center justify-center text-muted-foreground">
        <Spinner />
      </div>
    );
  }
  return <PageForm key={query.data.id} page={query.data} onDone={onDone} />;
}

/** The Add New Page dialog (no `editId`) or the Edit Page dialog. */
export function PageDialog({
  open,
  editId,
  onOpenChange,
}: {
  open: boolean;
  editId: string | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto">
        <DialogTitle>{editId ? t.editTitle : t.addTitle}</DialogTitle>
        <DialogDescription>{t.intro}</DialogDescription>
        {open ? (
          editId ? (
            <EditPageForm id={editId} onDone={close} />
          ) : (
            <PageForm onDone={close} />
          )
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
