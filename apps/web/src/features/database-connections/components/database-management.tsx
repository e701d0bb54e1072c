import { pageTexts } from '@cutout/contracts';
import { Activity, Database, Table2, TerminalSquare } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { databaseUiTexts } from '../texts';
import { BackupRestoreCard } from './backup-restore-card';
import { ConnectionsTab } from './connections-tab';
import { QueryTab } from './query-tab';
import { StatusTab } from './status-tab';
import { TablesTab } from './tables-tab';

const tabs = databaseUiTexts.tabs;

/** Database management (spec §2 Admin): tabs Connections, Status, Query and Tables. */
export function DatabaseManagement() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {pageTexts.adminDatabase.title}
      </h1>
      <p className="mt-2 text-muted-foreground">{databaseUiTexts.intro}</p>
      <Tabs defaultValue="connections" className="mt-8">
        <TabsList className="max-w-full overflow-x-auto">
          <TabsTrigger value="connections">
            <Database aria-hidden="true" />
            {tabs.connections}
          </TabsTrigger>
          <TabsTrigger value="status">
            <Activity aria-hidden="true" />
            {tabs.status}
          </TabsTrigger>
          <TabsTrigger value="query">
            <TerminalSquare aria-hidden="true" />
            {tabs.query}
          </TabsTrigger>
          <TabsTrigger value="tables">
            <Table2 aria-hidden="true" />
            {tabs.tables}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="connections">
          <ConnectionsTab />
        </TabsContent>
        <TabsContent value="status">
          <StatusTab />
          <BackupRestoreCard />
        </TabsContent>
        <TabsContent value="query">
          <QueryTab />
        </TabsContent>
        <TabsContent value="tables">
          <TablesTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
