// A small icon that says something about an item beside its title ("Repeating event", "Hidden from
// listings"): named for screen readers, its name as the tooltip.
import { Icon, type IconName } from './Icon.tsx';

export function MarkIcon({
  icon,
  label,
  className,
  size,
}: {
  icon: IconName;
  label: string;
  className: string;
  size: number;
}) {
  return (
    <span className={`mark-icon ${className}`} role="img" aria-label={label} title={label}>
      <Icon name={icon} size={size} />
    </span>
  );
}
