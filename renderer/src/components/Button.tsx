// Buttons: react-aria's Button (keyboard, press and focus handled for every input method) in the
// app's three looks.
import type { Ref } from 'react';
import { Button as AriaButton, type ButtonProps } from 'react-aria-components';
import { Icon, type IconName } from './Icon.tsx';

interface AppButtonProps extends ButtonProps {
  variant?: 'primary' | 'secondary' | 'quiet' | 'danger';
  icon?: IconName;
  /** An icon after the words ("Next page →"), where the direction reads after them. */
  iconAfter?: IconName;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'secondary', icon, iconAfter, className, children, ...props }: AppButtonProps) {
  return (
    <AriaButton {...props} className={`button button-${variant}${className ? ` ${className}` : ''}`}>
      {(values) => (
        <>
          {icon && <Icon name={icon} />}
          {typeof children === 'function' ? children(values) : children}
          {iconAfter && <Icon name={iconAfter} />}
        </>
      )}
    </AriaButton>
  );
}
