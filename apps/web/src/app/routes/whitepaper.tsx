import { pageTitles } from '@btcp/shared/paths';
import {
  COIN,
  EARLY_PHASE_HOURLY_RATE,
  EARLY_PHASE_PERIOD,
  NODE_SUPPORT_YEAR,
  OFFICIAL_LAUNCH_YEAR,
  REFERRAL_BONUS,
  REFERRAL_QUALIFYING_MINUTES,
  TRANSITION_PHASE_HOURLY_RATE,
  TRANSITION_PHASE_PERIOD,
} from '@btcp/shared/product';
import { DocumentPage } from '#web/components/document-page.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

const sections = [
  { id: 'executive-summary', title: 'Executive Summary' },
  { id: 'mining-process', title: 'Mining Process' },
  { id: 'referral-program', title: 'Referral Program' },
  { id: 'technology', title: 'Technology' },
  { id: 'future-developments', title: 'Future Developments' },
] as const;

const futureItems = [
  ['Mobile app', `Mining and wallet access from a phone, with the same account and balance.`],
  ['Exchange integration', `Listing ${COIN} on exchanges so that it can be traded after launch.`],
  ['Decentralized marketplace', `A place where members can offer goods and services for ${COIN}.`],
  [
    'Governance framework',
    'A way for holders to propose and vote on changes to the platform and its parameters.',
  ],
  [
    'Partnerships',
    'Work with projects and businesses that want to accept or reward with the coin.',
  ],
] as const;

function ExecutiveSummary() {
  return (
    <section aria-labelledby="executive-summary">
      <h2 id="executive-summary">Executive Summary</h2>
      <p>
        {COIN} is a coin that anyone can start mining from a web browser. There is no identity
        verification (no KYC), nothing to download and no special hardware to buy: an email address
        and a password are enough to open an account.
      </p>
      <p>
        Before the official coin exists, accounts earn pre-launch {COIN} tokens. Tokens are earned
        by mining and by inviting others, and are held in each member's wallet on the platform. When
        the official coin launches in {OFFICIAL_LAUNCH_YEAR}, pre-launch tokens convert to official
        coins.
      </p>
      <p>
        The reward rate is deliberately high at the start and falls sharply later, so that those who
        join early and help the network grow receive the largest share of the supply.
      </p>
    </section>
  );
}

function MiningProcess() {
  return (
    <section aria-labelledby="mining-process">
      <h2 id="mining-process">Mining Process</h2>
      <p>
        After registering and confirming their email address, a member opens the dashboard and
        starts a mining session. While the session runs, the platform credits the wallet at the
        hourly rate of the current phase, in small steps at a fixed interval. Stopping a session
        credits the time mined since the last step.
      </p>
      <ul>
        <li>Each account can run one mining session at a time.</li>
        <li>
          Rewards accrue only while the session is active: a session whose browser tab has closed or
          lost its connection stops earning shortly afterwards.
        </li>
        <li>Every reward appears in the wallet as a mining transaction.</li>
      </ul>
      <h3 id="mining-schedule">Mining schedule</h3>
      <table>
        <caption className="sr-only">Mining phases and reward rates</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">Phase</th>
            <th scope="col">Reward</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{EARLY_PHASE_PERIOD}</td>
            <td>Early phase</td>
            <td>{EARLY_PHASE_HOURLY_RATE} coins per hour</td>
          </tr>
          <tr>
            <td>{TRANSITION_PHASE_PERIOD}</td>
            <td>Transition phase</td>
            <td>{TRANSITION_PHASE_HOURLY_RATE} coin per hour</td>
          </tr>
          <tr>
            <td>{OFFICIAL_LAUNCH_YEAR}</td>
            <td>Official coin launch</td>
            <td>Exchange listings; pre-launch tokens convert to official coins</td>
          </tr>
        </tbody>
      </table>
      <p>
        Node support, which lets members run mining on their own PCs and virtual servers rather than
        only in the browser, is planned for {NODE_SUPPORT_YEAR}.
      </p>
    </section>
  );
}

function ReferralProgram() {
  return (
    <section aria-labelledby="referral-program">
      <h2 id="referral-program">Referral Program</h2>
      <p>
        Every account has a personal referral link. When someone registers through it, verifies
        their email address and mines {REFERRAL_QUALIFYING_MINUTES} minutes in total, the referral
        counts as successful and the referrer receives {REFERRAL_BONUS} {COIN}.
      </p>
      <ul>
        <li>
          The bonus is credited as soon as the referral qualifies, as a referral transaction in the
          wallet; until then the dashboard shows it as waiting.
        </li>
        <li>There is no limit on the number of referrals.</li>
        <li>Each referred account earns the bonus once, and a member cannot refer themselves.</li>
      </ul>
    </section>
  );
}

function Technology() {
  return (
    <section aria-labelledby="technology">
      <h2 id="technology">Technology</h2>
      <p>
        Mining runs in the browser, so it works on any device with a modern web browser. The browser
        keeps the session alive and shows its progress; the platform's server decides what is
        earned. It times each session, applies the rate of the current phase and credits the wallet,
        so a balance cannot be changed from the browser.
      </p>
      <p>
        Balances are kept as exact decimal amounts, never rounded floating-point numbers, and every
        change to a balance is recorded as a transaction. A wallet's balance is therefore always the
        sum of its history, which members can review at any time.
      </p>
      <p>
        Accounts are protected with modern password hashing and secure session cookies, and the
        platform limits repeated attempts to sign in or register.
      </p>
    </section>
  );
}

function FutureDevelopments() {
  return (
    <section aria-labelledby="future-developments">
      <h2 id="future-developments">Future Developments</h2>
      <p>The following work is planned around and after the official launch:</p>
      <ul>
        {futureItems.map(([title, description]) => (
          <li key={title}>
            <strong>{title}.</strong> {description}
          </li>
        ))}
      </ul>
      <p>
        Plans and dates may change as the project develops. Pre-launch tokens have no guaranteed
        market value, and nothing in this document is investment advice.
      </p>
    </section>
  );
}

export function Component() {
  useDocumentTitle(pageTitles.whitepaper);
  return (
    <DocumentPage
      title="Whitepaper"
      subtitle={`How ${COIN} is mined, how it is distributed, and where the project is going.`}
      sections={sections}
    >
      <ExecutiveSummary />
      <MiningProcess />
      <ReferralProgram />
      <Technology />
      <FutureDevelopments />
    </DocumentPage>
  );
}
