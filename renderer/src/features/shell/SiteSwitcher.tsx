// The site switcher, shown when the install has more than one site. Each site has its own base URL
// (`/mx/`), so switching loads that site's page: nothing of the previous site's data stays around.
import { useSites } from '../../api/sites.ts';
import { SelectField } from '../../components/Fields.tsx';
import { sitePath } from '../../api/site.ts';
import { useT } from '../../i18n/index.tsx';

export function SiteSwitcher({ current }: { current: string }) {
  const t = useT();
  const sites = useSites();
  if (!sites.data || sites.data.length < 2) return null;
  return (
    <div className="site-switcher">
      <SelectField
        label={t('nav.site')}
        value={current}
        options={sites.data.map((site) => ({ id: site.code, label: site.title }))}
        onChange={(code) => {
          if (code !== current) window.location.assign(`${sitePath(code)}/${window.location.hash}`);
        }}
      />
    </div>
  );
}
