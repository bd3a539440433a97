import type { Agent } from '@vigie/contract/agents.contract';
import type { Shift } from '@vigie/contract/planning.contract';
import { Building2, CalendarDays, ClipboardList, Users } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { msg, t } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session';
import { AgentDetailDialog } from './components/agent-detail-dialog';
import { AgentFormDialog } from './components/agent-form-dialog';
import { AgentsTab } from './components/agents-tab';
import { CancelShiftDialog } from './components/cancel-shift-dialog';
import { ExportPayrollDialog } from './components/export-payroll-dialog';
import { PlanningCounters } from './components/planning-counters';
import { monthOf, parseDay, todayIn } from './components/planning-dates';
import { PlanningHeader } from './components/planning-header';
import { ShiftFormDialog } from './components/shift-form-dialog';
import { ShiftsTab } from './components/shifts-tab';
import { SitePlanningTab } from './components/site-planning-tab';
import { WeekViewTab } from './components/week-view-tab';

const tabs = [
  { value: 'sites', label: msg('Planning par site'), icon: Building2 },
  { value: 'week', label: msg('Vue semaine'), icon: CalendarDays },
  { value: 'agents', label: msg('Agents'), icon: Users },
  { value: 'shifts', label: msg('Gardes'), icon: ClipboardList },
] as const;
type Tab = (typeof tabs)[number]['value'];
const isTab = (value: string | null): value is Tab => tabs.some((tab) => tab.value === value);

/** Planning des Agents: counters of the day, four tabs, agent and shift dialogs, payroll export. */
export default function PlanningPage() {
  const { user } = useSession();
  const canManage = user?.role === 'admin' || user?.role === 'operator';
  const isAdmin = user?.role === 'admin';
  const today = todayIn(user?.timezone);

  // The tab and the date live in the URL (?tab=week&date=2026-11-21): shareable, survive a reload.
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'sites';
  const day = parseDay(params.get('date'), today);
  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const [creatingAgent, setCreatingAgent] = useState(false);
  const [editingAgent, setEditingAgent] = useState<Agent | null>(null);
  const [viewingAgent, setViewingAgent] = useState<Agent | null>(null);
  const [creatingShift, setCreatingShift] = useState(false);
  const [editingShift, setEditingShift] = useState<Shift | null>(null);
  const [cancellingShift, setCancellingShift] = useState<Shift | null>(null);
  const [exporting, setExporting] = useState(false);

  return (
    <div className="flex flex-col gap-6">
      <PlanningHeader
        day={day}
        today={today}
        onDayChange={(next) => setParam('date', next === today ? null : next)}
        canManage={canManage}
        isAdmin={isAdmin}
        onNewAgent={() => setCreatingAgent(true)}
        onNewShift={() => setCreatingShift(true)}
        onExport={() => setExporting(true)}
      />

      <PlanningCounters day={day} />

      <Tabs value={tab} onValueChange={(value) => setParam('tab', value === 'sites' ? null : value)}>
        {/* Wrapped on phones: all four views in sight rather than two hidden past the edge. */}
        <TabsList aria-label={t('Vues du planning')} className="flex-wrap">
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              <tab.icon aria-hidden="true" />
              {t(tab.label)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="sites">
          <SitePlanningTab day={day} />
        </TabsContent>
        <TabsContent value="week">
          <WeekViewTab from={day} today={today} />
        </TabsContent>
        <TabsContent value="agents">
          <AgentsTab canManage={canManage} onView={setViewingAgent} onEdit={setEditingAgent} />
        </TabsContent>
        <TabsContent value="shifts">
          <ShiftsTab day={day} canManage={canManage} onEdit={setEditingShift} onCancel={setCancellingShift} />
        </TabsContent>
      </Tabs>

      <AgentFormDialog open={creatingAgent} onOpenChange={setCreatingAgent} today={today} isAdmin={isAdmin} />
      {editingAgent ? (
        <AgentFormDialog
          open
          onOpenChange={(open) => !open && setEditingAgent(null)}
          agent={editingAgent}
          today={today}
          isAdmin={isAdmin}
        />
      ) : null}
      <AgentDetailDialog
        agent={viewingAgent}
        onOpenChange={(open) => !open && setViewingAgent(null)}
        today={today}
      />
      <ShiftFormDialog open={creatingShift} onOpenChange={setCreatingShift} date={day} isAdmin={isAdmin} />
      {editingShift ? (
        <ShiftFormDialog
          open
          onOpenChange={(open) => !open && setEditingShift(null)}
          shift={editingShift}
          date={day}
          isAdmin={isAdmin}
        />
      ) : null}
      {cancellingShift ? (
        <CancelShiftDialog
          shift={cancellingShift}
          onOpenChange={(open) => !open && setCancellingShift(null)}
        />
      ) : null}
      {isAdmin ? (
        <ExportPayrollDialog open={exporting} onOpenChange={setExporting} defaultMonth={monthOf(day)} />
      ) : null}
    </div>
  );
}
