// The trash: trashed events, venues and organizers (a tab each), each with Restore (back to the
// status it had) and Delete permanently (after a confirmation), and Empty trash for the whole tab
// (its confirmation says how many items go for good).
import { useState } from 'react';
import {
  Cell,
  Column,
  Row,
  Tab,
  Table,
  TableBody,
  TableHeader,
  TabList,
  TabPanel,
  Tabs,
  type Key,
} from 'react-aria-components';
import { useDeleteForever, useEmptyTrash, useRestore, useTrash, type TrashKind } from '../../api/trash.ts';
import { useSession } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { EmptyState, ErrorMessage, Loading, Pagination, useErrorText } from '../../components/States.tsx';
import { notify } from '../../components/Notices.tsx';
import { useLocale, useT } from '../../i18n/index.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { canEdit } from '../session/permissions.ts';

function TrashList({ kind }: { kind: TrashKind }) {
  const t = useT();
  const locale = useLocale();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const trash = useTrash(kind, page);
  const restore = useRestore(kind);
  const remove = useDeleteForever(kind);
  const empty = useEmptyTrash(kind);
  const [doomed, setDoomed] = useState<{ id: number; title: string } | null>(null);
  const [emptying, setEmptying] = useState(false);
  const items = trash.data?.items ?? [];
  const total = trash.data?.total ?? 0;
  if (trash.isPending) return <Loading />;
  if (trash.isError) return <ErrorMessage error={trash.error} onRetry={() => void trash.refetch()} />;
  if (items.length === 0) return <EmptyState icon="trash">{t('trash.empty')}</EmptyState>;
  return (
    <>
      <div className="trash-toolbar">
        <Button variant="danger" icon="trash" isDisabled={empty.isPending} onPress={() => setEmptying(true)}>
          {t('trash.emptyTrash')}
        </Button>
      </div>
      <Table className="table" aria-label={t(`trash.${kind}`)}>
        <TableHeader>
          <Column isRowHeader className="column">
            {t('common.name')}
          </Column>
          <Column className="column">{t('events.columnStatus')}</Column>
          <Column className="column">{t('trash.when')}</Column>
          <Column className="column">{t('common.actions')}</Column>
        </TableHeader>
        <TableBody dependencies={[locale]} items={items}>
          {(item) => (
            <Row className="row" id={item.id}>
              <Cell className="cell cell-title">{item.title}</Cell>
              <Cell className="cell">{t(`status.${item.restore_status as 'publish'}`)}</Cell>
              <Cell className="cell">{formatDateTime(new Date(`${item.trashed.replace(' ', 'T')}Z`), locale)}</Cell>
              <Cell className="cell cell-actions">
                <Button
                  icon="restore"
                  onPress={() =>
                    restore.mutate(
                      { id: item.id, status: item.restore_status },
                      {
                        onSuccess: () => notify(t('trash.restored', { name: item.title })),
                        onError: (error) => notify(errorText(error), { tone: 'error' }),
                      },
                    )
                  }
                >
                  {t('trash.restore')}
                </Button>{' '}
                <Button variant="danger" onPress={() => setDoomed({ id: item.id, title: item.title })}>
                  {t('trash.deletePermanently')}
                </Button>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      <Pagination page={page} pages={trash.data?.total_pages ?? 1} onPage={setPage} />
      <ConfirmDialog
        isOpen={doomed !== null}
        title={t('trash.confirmTitle', { name: doomed?.title ?? '' })}
        body={t('trash.confirmBody')}
        confirmLabel={t('trash.deletePermanently')}
        danger
        onConfirm={() => {
          const target = doomed!;
          setDoomed(null);
          remove.mutate(target.id, {
            onSuccess: () => notify(t('common.deleted')),
            onError: (error) => notify(errorText(error), { tone: 'error' }),
          });
        }}
        onCancel={() => setDoomed(null)}
      />
      <ConfirmDialog
        isOpen={emptying}
        title={t(`trash.emptyConfirmTitle.${kind}`, { count: total })}
        body={t('trash.emptyConfirmBody', { count: total })}
        confirmLabel={t('trash.emptyConfirmButton', { count: total })}
        danger
        onConfirm={() => {
          setEmptying(false);
          empty.mutate(undefined, {
            onSuccess: ({ deleted, kept }) =>
              notify(
                kept > 0
                  ? `${t('trash.emptied', { count: deleted })} ${t('trash.emptiedKept', { kept })}`
                  : t('trash.emptied', { count: deleted }),
              ),
            onError: (error) => notify(errorText(error), { tone: 'error' }),
          });
        }}
        onCancel={() => setEmptying(false)}
      />
    </>
  );
}

export default function TrashScreen() {
  const t = useT();
  const session = useSession().data!;
  const [tab, setTab] = useState<Key>('events');
  return (
    <section className="screen" aria-labelledby="trash-title">
      <header className="screen-header">
        <h1 id="trash-title" className="screen-title">
          {t('trash.title')}
        </h1>
      </header>
      {!canEdit(session) ? (
        <EmptyState icon="lock">{t('trash.signIn')}</EmptyState>
      ) : (
        <Tabs selectedKey={tab} onSelectionChange={setTab}>
          <TabList className="tabs-list" aria-label={t('trash.title')}>
            {(['events', 'venues', 'organizers'] as const).map((kind) => (
              <Tab key={kind} id={kind} className="tab">
                {t(`trash.${kind}`)}
              </Tab>
            ))}
          </TabList>
          {(['events', 'venues', 'organizers'] as const).map((kind) => (
            <TabPanel key={kind} id={kind}>
              <TrashList kind={kind} />
            </TabPanel>
          ))}
        </Tabs>
      )}
    </section>
  );
}
