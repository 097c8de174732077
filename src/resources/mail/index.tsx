import SendIcon from '@mui/icons-material/Send';
import type { ResourceOverrides } from '../../admin/engine/types';
import { mail as definition } from '../../../contract/definitions/mail';
import { FailedRowAction } from '../FailedRowAction';

/** A failed message's one action: queue it again (`POST mail/:id/resend`). */
export function ResendButton() {
  return (
    <FailedRowAction
      resource={definition.name}
      action="resend"
      icon={<SendIcon />}
      messages={{ label: 'app.mail.resend', done: 'app.mail.resent', ariaLabel: 'app.mail.resendMessage' }}
      ariaLabelOf={(record) => ({ subject: String(record.subject), to: String(record.to) })}
    />
  );
}

const mail: ResourceOverrides = { rowActions: ResendButton };

export default mail;
