// A SAP order's status as a coloured badge (DESIGN §4 "SAP order states"): waiting for approval in the warning
// colour, approved in the success colour, rejected in the danger colour; the text is the master list's, in the
// interface language.
import { Badge, type BadgeProps } from '@fluentui/react-components';

const COLOURS: Record<string, BadgeProps['color']> = {
  'WAITING FOR APPROVAL': 'warning',
  APPROVED: 'success',
  REJECTED: 'danger',
};

export function StatusBadge({ code, text }: { code: string; text: string }) {
  if (!code) return null;
  return (
    <Badge appearance="tint" shape="rounded" color={COLOURS[code] ?? 'informative'}>
      {text || code}
    </Badge>
  );
}
