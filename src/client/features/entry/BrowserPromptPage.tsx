/** browserPrompt: asks the customer to open the link in a supported browser or app. */
import { defineMessages } from '../../i18n/defineMessages';
import { useState, type MouseEvent } from 'react';
import { FormattedMessage } from 'react-intl';

const messages = defineMessages({
  title: { id: 'browserPrompt.title', defaultMessage: 'Please open this page in your browser' },
  body: {
    id: 'browserPrompt.body',
    defaultMessage: 'This app cannot sign you in here. Tap the menu at the top right and choose “Open in browser”, or scan the code with your chat or payment app.',
  },
  copy: { id: 'browserPrompt.copy', defaultMessage: 'Copy link' },
  copied: { id: 'browserPrompt.copied', defaultMessage: 'Link copied' },
});

export default function BrowserPromptPage() {
  const [copied, setCopied] = useState(false);
  const handleCopy = async (_e: MouseEvent<HTMLButtonElement>) => {
    try {
      await navigator.clipboard.writeText(window.location.href.split('#')[0] ?? '');
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="browser-prompt">
      <h2>
        <FormattedMessage {...messages.title} />
      </h2>
      <p>
        <FormattedMessage {...messages.body} />
      </p>
      <button type="button" className="btn btn-primary" onClick={handleCopy}>
        <FormattedMessage {...messages.copy} />
      </button>
      {copied && (
        <p role="status">
          <FormattedMessage {...messages.copied} />
        </p>
      )}
    </section>
  );
}
