import { apiExampleApiKey, apiExampleInputFile, apiExamples } from '@cutout/contracts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { apiDocsTexts } from '../texts';
import { usePageOrigin } from '../use-page-origin';
import { CodeBlock } from '../../../components/code-block';

/** REST, JavaScript and Python examples (spec §2), addressed to the server the page came from. */
export function ApiExamplesTabs() {
  const examples = apiExamples(usePageOrigin());
  const t = apiDocsTexts.examples;
  return (
    <section aria-labelledby="examples-heading" className="mt-16">
      <h2 id="examples-heading" className="text-2xl font-semibold tracking-tight">
        {t.title}
      </h2>
      <p className="mt-2 text-muted-foreground">{t.intro(apiExampleInputFile, apiExampleApiKey)}</p>
      <Tabs defaultValue="rest" className="mt-6">
        <TabsList aria-label={t.tabsLabel}>
          <TabsTrigger value="rest">{t.rest}</TabsTrigger>
          <TabsTrigger value="javascript">{t.javascript}</TabsTrigger>
          <TabsTrigger value="python">{t.python}</TabsTrigger>
        </TabsList>
        <TabsContent value="rest" className="space-y-5">
          <CodeBlock title={t.restRemove} code={examples.rest.removeBackground} />
          <CodeBlock title={t.restRemovePng} code={examples.rest.removeBackgroundPng} />
          <CodeBlock title={t.restUsage} code={examples.rest.usage} />
          <CodeBlock title={t.restRemoveBg} code={examples.rest.removeBg} />
        </TabsContent>
        <TabsContent value="javascript">
          <CodeBlock title={t.javascriptTitle} code={examples.javascript} />
        </TabsContent>
        <TabsContent value="python">
          <CodeBlock title={t.pythonTitle} code={examples.python} />
        </TabsContent>
      </Tabs>
    </section>
  );
}
