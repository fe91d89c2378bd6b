// A readable rendering of the API (Help → API documentation): every route of svc/events/v1 and
// almanac/v1 with its methods and parameters, from the namespace indexes the service generates
// from its schemas. The OpenAPI documents are linked for tools.
import { useQuery } from '@tanstack/react-query';
import { APP_NS, EVENTS_NS, api, apiUrl } from '../../api/client.ts';
import { keys } from '../../api/keys.ts';
import { currentSite } from '../../api/site.ts';
import { useSession } from '../../api/session.ts';
import { ErrorMessage, Loading } from '../../components/States.tsx';
import { useT } from '../../i18n/index.tsx';

interface IndexArg {
  required?: boolean;
  type?: string | string[];
  description?: string;
  enum?: string[];
}
interface NamespaceIndex {
  namespace: string;
  routes: Record<string, { methods: string[]; endpoints: { methods: string[]; args: Record<string, IndexArg> }[] }>;
}

function Namespace({ namespace }: { namespace: string }) {
  const t = useT();
  const index = useQuery({
    queryKey: keys.apiIndex(currentSite(), namespace),
    queryFn: async () => (await api.get<NamespaceIndex>(namespace, '')).data,
    staleTime: Infinity,
  });
  if (index.isPending) return <Loading />;
  if (index.isError) return <ErrorMessage error={index.error} onRetry={() => void index.refetch()} />;
  return (
    <section className="settings-section api-namespace" aria-labelledby={`ns-${namespace}`}>
      <h2 id={`ns-${namespace.replace(/\W/g, '-')}`}>{t('api.namespace', { name: namespace })}</h2>
      <p>
        <a href={apiUrl(namespace, 'doc')} target="_blank" rel="noreferrer">
          {t('api.openapi')}
        </a>
      </p>
      {Object.entries(index.data.routes).map(([route, spec]) => (
        <article key={route} className="api-route">
          <h3>{route}</h3>
          {spec.endpoints.map((endpoint) => (
            <div key={endpoint.methods.join()}>
              <p>
                {endpoint.methods.map((method) => (
                  <span key={method} className="method">
                    {method}
                  </span>
                ))}
              </p>
              {Object.keys(endpoint.args).length > 0 && (
                <table className="api-params">
                  <caption className="visually-hidden">{t('api.parameters')}</caption>
                  <tbody>
                    {Object.entries(endpoint.args).map(([name, arg]) => (
                      <tr key={name}>
                        <th scope="row">
                          <code>{name}</code>
                        </th>
                        <td>{[arg.type].flat().filter(Boolean).join(' | ')}</td>
                        <td>{arg.required ? t('api.required') : ''}</td>
                        <td>{arg.description}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </div>
          ))}
        </article>
      ))}
    </section>
  );
}

export default function ApiDocsScreen() {
  const t = useT();
  const session = useSession().data!;
  return (
    <section className="screen" aria-labelledby="api-title">
      <header className="screen-header">
        <h1 id="api-title" className="screen-title">
          {t('api.title')}
        </h1>
      </header>
      <p>{t('api.intro', { root: session.site.api_root })}</p>
      <Namespace namespace={EVENTS_NS} />
      <Namespace namespace={APP_NS} />
    </section>
  );
}
