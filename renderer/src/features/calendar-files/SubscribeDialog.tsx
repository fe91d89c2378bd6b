// The addresses a calendar app (Thunderbird, Apple Calendar, Outlook) subscribes to on this
// machine: the published calendar, and the signed-in view, for which the app asks for a login
// and an API token — never a token inside the address.
import { subscriptionUrl } from '../../api/calendar-files.ts';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { TextField } from '../../components/Fields.tsx';
import { useT } from '../../i18n/index.tsx';

function CopyableUrl({ label, help, url }: { label: string; help: string; url: string }) {
  const t = useT();
  return (
    <TextField label={label} description={help} value={url} onChange={() => {}} isReadOnly className="copyable">
      <CopyButton text={url} copied={t('files.copied')} aria-label={t('files.copyNamed', { name: label })}>
        {t('files.copy')}
      </CopyButton>
    </TextField>
  );
}

export default function SubscribeDialog({ onClose }: { onClose(): void }) {
  const t = useT();
  return (
    <Dialog
      title={t('files.subscribeTitle')}
      isOpen
      onClose={onClose}
      footer={
        <Button variant="primary" onPress={onClose}>
          {t('tokens.done')}
        </Button>
      }
    >
      <p>{t('files.subscribeIntro')}</p>
      <CopyableUrl label={t('files.publicUrl')} help={t('files.publicUrlHelp')} url={subscriptionUrl(false)} />
      <CopyableUrl label={t('files.privateUrl')} help={t('files.privateUrlHelp')} url={subscriptionUrl(true)} />
    </Dialog>
  );
}
