-- Issue 33, item 6: Google verifies a reCAPTCHA token only with the secret of the same key pair as the site key the
-- widget was shown with. A shop that sets its own site key now also stores that pair's secret (sealed like the
-- other payment secrets); without it, the card page shows the server's site key and the server's secret verifies.
alter table shop_payment_settings add column recaptcha_secret_enc text;
