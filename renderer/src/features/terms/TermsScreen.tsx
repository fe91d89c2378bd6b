// Categories (as a tree) and tags: each with its event count; New category / New tag; a row
// opens the editor (rename, parent, description, delete).
import { useMemo } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader, SearchField, Input, Label } from 'react-aria-components';
import { useAllTerms } from '../../api/terms.ts';
import { useSession } from '../../api/session.ts';
import type { Taxonomy } from '../../api/types.ts';
import { Button } from '../../components/Button.tsx';
import { EmptyState, ErrorMessage, Loading } from '../../components/States.tsx';
import { useLocale, useT } from '../../i18n/index.tsx';
import { useUi } from '../../state/ui-store.ts';
import { canManageTerms } from '../session/permissions.ts';
import { termPaths } from '../events/editor/pickers.tsx';
import { categoryColor } from '../calendar/category-colors.ts';

export default function TermsScreen({ taxonomy }: { taxonomy: Taxonomy }) {
  const t = useT();
  // Tables keep their rows' cells until told: a language switch must redraw them at once.
  const locale = useLocale();
  const session = useSession().data!;
  const categories = taxonomy === 'categories';
  const search = useUi((state) => (categories ? state.categorySearch : state.tagSearch));
  const setSearch = useUi((state) => state.setTermSearch);
  const openEditor = useUi((state) => state.openEditor);
  const all = useAllTerms(taxonomy);
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return termPaths(all.data ?? []).filter(({ path }) => needle === '' || path.toLowerCase().includes(needle));
  }, [all.data, search]);
  const kind = categories ? 'category' : 'tag';
  const title = t(categories ? 'terms.categories' : 'terms.tags');
  return (
    <section className="screen" aria-labelledby={`${taxonomy}-title`}>
      <header className="screen-header">
        <h1 id={`${taxonomy}-title`} className="screen-title">
          {title}
        </h1>
        {canManageTerms(session, taxonomy) && (
          <Button variant="primary" icon="plus" onPress={() => openEditor({ kind, id: null })}>
            {t(categories ? 'terms.newCategory' : 'terms.newTag')}
          </Button>
        )}
      </header>
      <div className="inline-filters">
        <SearchField className="field" value={search} onChange={(text) => setSearch(kind, text)}>
          <Label className="field-label">{t('common.search')}</Label>
          <Input className="input" />
        </SearchField>
      </div>
      {all.isError && <ErrorMessage error={all.error} onRetry={() => void all.refetch()} />}
      {all.isPending && <Loading />}
      {!all.isPending && !all.isError && rows.length === 0 && (
        <EmptyState icon={categories ? 'folder' : 'tag'}>
          {search ? t('common.noResults') : t(categories ? 'terms.emptyCategories' : 'terms.emptyTags')}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <Table
          className="table"
          aria-label={t('terms.list', { taxonomy: title })}
          onRowAction={(key) => openEditor({ kind, id: Number(key) })}
        >
          <TableHeader>
            <Column isRowHeader className="column">
              {t('terms.name')}
            </Column>
            <Column className="column">{t('terms.slug')}</Column>
            <Column className="column">{t('terms.count')}</Column>
          </TableHeader>
          <TableBody dependencies={[locale]} items={rows.map((row) => ({ ...row, id: row.term.id }))}>
            {({ term, depth }) => (
              <Row className={`row term-depth-${Math.min(depth, 3)}`} id={term.id}>
                <Cell className="cell cell-title">
                  {categories && (
                    <span className="swatch" style={{ background: categoryColor(term.id) }} aria-hidden="true" />
                  )}
                  {term.name}
                </Cell>
                <Cell className="cell">{term.slug}</Cell>
                <Cell className="cell">{term.count}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
