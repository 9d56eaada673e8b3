import { paths } from '@btcp/shared/paths';
import {
  COIN,
  EARLY_PHASE_HOURLY_RATE,
  EARLY_PHASE_PERIOD,
  MINIMUM_AGE,
  OFFICIAL_LAUNCH_YEAR,
  REFERRAL_BONUS,
  REFERRAL_QUALIFYING_MINUTES,
  SUPPORT_EMAIL,
  TRANSITION_PHASE_HOURLY_RATE,
  TRANSITION_PHASE_PERIOD,
} from '@btcp/shared/product';
import { Link } from 'react-router';

export const termsSections = [
  { id: 'acceptance', title: '1. Acceptance of these terms' },
  { id: 'eligibility', title: '2. Eligibility' },
  { id: 'accounts', title: '3. Your account' },
  { id: 'mining-rewards', title: '4. Mining rewards' },
  { id: 'referral-bonus', title: '5. Referral bonus' },
  { id: 'prohibited-conduct', title: '6. Prohibited conduct' },
  { id: 'community-content', title: '7. Community content' },
  { id: 'termination', title: '8. Suspension, bans and termination' },
  { id: 'disclaimers', title: '9. Disclaimers and liability' },
  { id: 'changes', title: '10. Changes to these terms' },
  { id: 'contact', title: '11. Contact' },
] as const;

type SectionId = (typeof termsSections)[number]['id'];

function Heading({ id }: { id: SectionId }) {
  const section = termsSections.find((s) => s.id === id);
  return <h2 id={id}>{section?.title}</h2>;
}

/** Joining: who may use the service and how an account is held. */
function AccountTerms() {
  return (
    <>
      <Heading id="acceptance" />
      <p>
        These terms govern your use of {COIN}: the website, your account, mining, the wallet, the
        referral program, the blog and the community forum. By creating an account or using the
        service you agree to them. If you do not agree, please do not use the service.
      </p>

      <Heading id="eligibility" />
      <p>
        You must be {MINIMUM_AGE} years of age or older to create an account or use the service. By
        registering you confirm that you are, and that using the service is lawful where you live.
      </p>

      <Heading id="accounts" />
      <ul>
        <li>One person may hold one account. Accounts may not be sold or transferred.</li>
        <li>
          You must give an email address you control and verify it before you can sign in. We use it
          to send account messages such as verification and password-reset links.
        </li>
        <li>
          Keep your password secret. You are responsible for what happens under your account; tell
          us at once if you think someone else has used it.
        </li>
      </ul>
    </>
  );
}

/** What an account earns. */
function RewardTerms() {
  return (
    <>
      <Heading id="mining-rewards" />
      <p>
        Mining rewards are pre-launch {COIN} tokens, credited to your wallet on the platform while a
        mining session is active. The rate depends on the phase:
      </p>
      <ul>
        <li>
          early phase ({EARLY_PHASE_PERIOD}): {EARLY_PHASE_HOURLY_RATE} {COIN} per hour;
        </li>
        <li>
          transition phase ({TRANSITION_PHASE_PERIOD}): {TRANSITION_PHASE_HOURLY_RATE} {COIN} per
          hour.
        </li>
      </ul>
      <p>
        Only one mining session per account can run at a time, and time is credited only while the
        session stays connected. Pre-launch tokens are intended to convert to official coins at the
        official launch planned for {OFFICIAL_LAUNCH_YEAR}; until then they cannot be sent,
        withdrawn or exchanged. Tokens have no guaranteed value. We may correct balances that result
        from errors or from breaches of these terms.
      </p>

      <Heading id="referral-bonus" />
      <p>
        You receive {REFERRAL_BONUS} {COIN} per successful referral. A referral is successful when a
        new user registers with your referral link or code, verifies their email address and mines
        for {REFERRAL_QUALIFYING_MINUTES} minutes in total; the bonus is credited to your wallet at
        that moment. There is no cap on the number of referrals. Each referred user earns you the
        bonus once, and you cannot use your own code.
      </p>
    </>
  );
}

/** How members must behave, and what happens when they do not. */
function ConductTerms() {
  return (
    <>
      <Heading id="prohibited-conduct" />
      <p>You agree not to:</p>
      <ul>
        <li>create several accounts, or fake accounts, for example to collect referral bonuses;</li>
        <li>use scripts, bots or other automation to run or simulate mining sessions;</li>
        <li>
          probe, overload or attack the service, or try to reach data or areas you are not allowed
          to;
        </li>
        <li>post spam, self-promotion, unlawful content, or content that harasses others;</li>
        <li>impersonate others or attempt to manipulate markets;</li>
        <li>break any law that applies to you while using the service.</li>
      </ul>

      <Heading id="community-content" />
      <p>
        You keep ownership of what you post in the community forum, including text and images. You
        give us permission to store and display it on the service for as long as it remains there.
        Posts must follow the community rules shown in the forum. Moderators may flag or remove
        content that breaks these terms or the rules, and you may delete your own posts and
        comments.
      </p>

      <Heading id="termination" />
      <p>
        We may ban or suspend an account that breaks these terms. A banned account can still sign
        in, read content and see its wallet, but cannot mine, post, comment or vote, and earns no
        referral bonuses. In serious cases we may close the account. You may stop using the service
        at any time and ask us to close your account by writing to the address below.
      </p>
    </>
  );
}

/** The limits of the service, changes to the terms, and whom to ask. */
function ClosingTerms() {
  return (
    <>
      <Heading id="disclaimers" />
      <p>
        The service is provided "as is" and "as available", without warranties of any kind. We do
        not promise that it will be uninterrupted or error-free, that plans described in the{' '}
        <Link to={paths.whitepaper.getHref()}>whitepaper</Link> will happen on the dates given, or
        that tokens will have any market value. Nothing on the service is financial or investment
        advice. To the extent the law allows, we are not liable for indirect or consequential losses
        arising from your use of the service.
      </p>

      <Heading id="changes" />
      <p>
        We may change these terms. When we do, we update the date at the top of this page, and for
        significant changes we tell registered users by email or on the site. Continuing to use the
        service after a change means you accept the new terms.
      </p>

      <Heading id="contact" />
      <p>
        Questions about these terms? Write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </>
  );
}

export function TermsSections() {
  return (
    <>
      <AccountTerms />
      <RewardTerms />
      <ConductTerms />
      <ClosingTerms />
    </>
  );
}
