// How a value that cannot be changed shows (view mode, fields the server fills, an outside user's own company):
// a read-only input filled grey with the text in the normal colour, whatever the field's kind. A choice (a
// select, a type-ahead) shows the text of its value this way too, not as a disabled control, whose grey text on
// grey reads as "unavailable" and is hard to read; a read-only input can still be focused, read and copied.
import { Input, makeStyles } from '@fluentui/react-components';

/** The appearance of every read-only input of a form. */
export const READ_ONLY_APPEARANCE = 'filled-darker';

export interface ReadOnlyValueProps {
  value: string;
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
}

// The same rule as FieldControl's inputs, so a read-only choice and a read-only text carry the same classes.
const useStyles = makeStyles({
  control: {
    width: '100%',
    minWidth: 0,
  },
});

export function ReadOnlyValue(props: ReadOnlyValueProps) {
  const styles = useStyles();
  return <Input {...props} className={styles.control} appearance={READ_ONLY_APPEARANCE} readOnly />;
}
