// The Approval Matrix with its Check Approval button (spec/2 §2.5, §4): who has to approve the assignment, level by
// level, as util/check_approval answered it. Until it is checked the panel says so (and its Save waits); an empty
// answer says no approval is needed. Shared by the Assign Transporter and the Edit order panels.
import {
  Button,
  Spinner,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ShieldCheckmark20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Approver } from '../../../../../db/resources/order-assign';
import { str } from './model';

export interface ApprovalMatrixProps {
  /** null: not checked since the last change. */
  approval: Approver[] | null;
  /** Check Approval is on its way. */
  checking: boolean;
  disabled?: boolean;
  onCheck: () => void;
}

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  muted: {
    color: tokens.colorNeutralForeground3,
  },
});

export function ApprovalMatrix({ approval, checking, disabled, onCheck }: ApprovalMatrixProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.section}>
      <div className={styles.toolbar}>
        <Subtitle2 as="h3">{t('assign.approval')}</Subtitle2>
        <Button
          icon={checking ? <Spinner size="tiny" /> : <ShieldCheckmark20Regular />}
          disabled={disabled}
          onClick={onCheck}
        >
          {t('assign.checkApproval')}
        </Button>
      </div>
      {approval === null ? (
        <Text className={styles.muted}>{t('assign.approvalNotChecked')}</Text>
      ) : approval.length === 0 ? (
        <Text>{t('assign.approvalNone')}</Text>
      ) : (
        <Table size="small" aria-label={t('assign.approval')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('assign.approvalColumns.level')}</TableHeaderCell>
              <TableHeaderCell>{t('assign.approvalColumns.username')}</TableHeaderCell>
              <TableHeaderCell>{t('assign.approvalColumns.name')}</TableHeaderCell>
              <TableHeaderCell>{t('assign.approvalColumns.type')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {approval.map((approver) => (
              <TableRow key={`${approver.Level}-${approver.Username}-${str(approver.Info1)}`}>
                <TableCell>{approver.Level}</TableCell>
                <TableCell>{approver.Username}</TableCell>
                <TableCell>{str(approver.fullname)}</TableCell>
                <TableCell>{str(approver.Info1)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
