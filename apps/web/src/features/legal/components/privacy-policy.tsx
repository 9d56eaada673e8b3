import { SUPPORT_EMAIL } from '@btcp/shared/product';

export function PrivacyPolicy() {
  return (
    <section id="privacy" aria-labelledby="privacy-title">
      <h2 id="privacy-title">Privacy Policy</h2>
      <p>
        We collect only what the service needs to work, and we do not ask for identity documents.
      </p>

      <h3>What we store</h3>
      <ul>
        <li>
          <strong>Account:</strong> your email address and a hash of your password. We never store
          or see the password itself.
        </li>
        <li>
          <strong>Sessions:</strong> a record of each signed-in session (a hashed token, when it was
          created and when it expires) so that you stay signed in and can be signed out.
        </li>
        <li>
          <strong>Wallet:</strong> your balance, every transaction that changed it, your mining
          sessions, your referral code and who referred you.
        </li>
        <li>
          <strong>Community content:</strong> the posts, comments, votes and images you add. Images
          are re-encoded when uploaded, which removes embedded data such as location.
        </li>
      </ul>

      <h3>Cookies and local storage</h3>
      <p>
        We use cookies only to keep you signed in (session cookies that scripts on the page cannot
        read) and to remember whether the dashboard sidebar is open or collapsed. Your light or dark
        theme choice is kept in your browser's local storage. We use no advertising or tracking
        cookies.
      </p>

      <h3>How we use it</h3>
      <p>
        To run your account and wallet, credit mining and referral rewards, send account emails
        (verification and password reset), show your community content, and keep the service safe,
        for example by limiting repeated sign-in attempts and acting on abuse.
      </p>

      <h3>No selling of data</h3>
      <p>
        We do not sell, rent or trade your personal data, and we do not share it for advertising. We
        disclose it only where the law requires us to.
      </p>

      <h3>Retention</h3>
      <p>
        We keep your data for as long as your account exists. Sessions are deleted when you sign out
        or when they expire; verification and password-reset links expire after a short time. When
        your account is closed we delete your personal data, except records we must keep to meet a
        legal obligation.
      </p>

      <h3>Your choices</h3>
      <p>
        You can see and change your profile and password in your account settings, and delete your
        own community posts and comments. To get a copy of your data or to have your account
        deleted, contact us.
      </p>

      <h3>Contact</h3>
      <p>
        For any privacy question write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </section>
  );
}
