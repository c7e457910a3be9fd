import { ERASED_BY_DELETION, KEPT_AFTER_DELETION } from '@outpost/contracts/account-lifecycle-text';
import type { LegalDocument } from '../legal-document';

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: '7/21/24',
  intro: [
    'This Privacy Policy explains how the Outpost studio (“Outpost”, “we”, “us” or “our”) collects, uses, shares and protects personal information when you use Outpost, our social open-world game for iOS and Android, the Outpost website, the mtota episode library, our shop and merch store, and related services (together, the “Services”).',
    'Please read it together with our End-User License Agreement. If you do not agree with this Privacy Policy, please do not use the Services.',
  ],
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who We Are',
      blocks: [
        'Outpost is responsible for (the “controller” of) the personal information described in this Privacy Policy. You can reach us about privacy at privacy@outpost.example.',
        'This Privacy Policy does not cover services run by others that you reach through the Services, such as app stores, payment providers, our community chat server or social networks. Their own privacy policies apply.',
      ],
    },
    {
      id: 'information-you-give-us',
      heading: 'Information You Give Us',
      blocks: [
        'We collect the information you give us when you use the Services, including:',
        {
          list: [
            'Account information: your email address, your password (which is handled by our identity provider and stored only in protected, hashed form) and the display name you choose.',
            'Launch updates: the email address you enter when you sign up for early access or launch news.',
            'Profile and game content: your avatar, outfits, base layouts, lighting presets and other choices you make in the game.',
            'Beta and invites: your requests to join the beta, the invites you claim or send, and the feedback and bug reports you submit.',
            'Partner programme: if you apply to or join our partner referral programme, your name, contact details, social media handles and information about your channels.',
            'Merch orders: your name, shipping address, email address and, where a carrier needs it, phone number.',
            'Support and reports: the messages you send us and the reports you make about other players, including what you write in them.',
            'Communications: the messages you send through chat and voice, handled as described in “Chat, Direct Messages and Voice” below.',
          ],
        },
      ],
    },
    {
      id: 'information-collected-automatically',
      heading: 'Information We Collect Automatically',
      blocks: [
        'When you use the Services, we automatically collect:',
        {
          list: [
            'Gameplay information: playtime, level, quests and objectives completed (for example, signing in or taking part in lobby chat), items claimed, drone race results and other progress.',
            'Episode activity: the mtota episodes you watch and favourite, and the in-game stats linked to them.',
            'Purchase history: the subscriptions, credit packs, g00wiy, Virtual Items, mystery-ball spins, drops and merch you buy or receive, with dates and amounts.',
            'Device information: device model, operating system, app version, language setting and device or advertising identifiers.',
            'App and device integrity information: signals from Apple and Google attestation services that help us confirm requests come from a genuine, unmodified copy of the app.',
            'Network information: IP address and the approximate location (country or region) derived from it.',
            'Technical logs and crash reports that help us find and fix problems.',
            'Push notification tokens, if you allow notifications.',
            'Website information: data collected with cookies and similar technologies on our website, such as whether you are signed in and your preferences.',
          ],
        },
      ],
    },
    {
      id: 'chat-and-voice',
      heading: 'Chat, Direct Messages and Voice',
      blocks: [
        'We handle each kind of communication in Outpost differently:',
        {
          list: [
            'Public chat is not logged. Public chat messages are delivered in real time to the players who can see them and are not kept in a chat log.',
            'Direct messages are stored, and our staff cannot read them. We store direct messages so that you and the people you message can see your conversation history.',
            'Voice chat in public spaces is screened for profanity by a third-party service. That service processes the audio of voice chat in public spaces on our behalf for this purpose, under a contract that limits how it may use the audio.',
          ],
        },
        'Taking part in public chat can count towards a quest objective. To do this we record that you took part, not what you said.',
        'Because our staff cannot read direct messages, when a player reports a direct-message conversation we rely on the information included in the report.',
        'Other players can see, hear and keep what you share with them. Do not share passwords, payment details or other sensitive information in any chat.',
      ],
    },
    {
      id: 'payments',
      heading: 'Payments',
      blocks: [
        'We accept Apple Pay, Google Pay, PayPal and credit cards.',
        'Payments are processed by Apple, Google, PayPal or our payment provider, not by us. We do not receive or store your full credit card number or security code.',
        'From the payment processor we receive confirmation of the payment, the item or subscription bought, the amount, currency and date, a transaction identifier and, for merch orders, the billing and shipping details needed to fulfil the order.',
        'The payment processors handle your payment information under their own privacy policies.',
      ],
    },
    {
      id: 'how-we-use-information',
      heading: 'How We Use Your Information',
      blocks: [
        'We use personal information to:',
        {
          list: [
            'create and run your account and provide the game, the website and the mtota episode library;',
            'process subscriptions, purchases and refund requests, and keep track of your g00wiy and Virtual Items;',
            'fulfil and deliver merch orders and add any digital doubles to your account;',
            'run the beta and invite programme and the partner referral programme, including granting rewards;',
            'keep the Services safe and fair, including moderating content, screening voice chat in public spaces, handling reports, preventing cheating and fraud, and checking app and device integrity;',
            'send you service messages, such as purchase receipts, security alerts and changes to our terms;',
            'send push notifications, and launch news and updates you have signed up for;',
            'understand how the Services are used, using statistics such as playtime and player counts, so we can fix problems and improve the game;',
            'comply with the law and enforce our End-User License Agreement.',
          ],
        },
      ],
    },
    {
      id: 'legal-bases',
      heading: 'Legal Bases for Processing',
      blocks: [
        'If you are in the European Economic Area or the United Kingdom, we rely on these legal bases:',
        {
          list: [
            'Contract: to provide the Services you ask for, including your account, subscriptions, purchases and merch orders.',
            'Legitimate interests: to keep the Services safe and fair, prevent fraud and cheating, understand how the Services are used and improve them, where those interests are not overridden by your rights.',
            'Consent: for launch news and other marketing emails, push notifications and non-essential cookies. You can withdraw consent at any time.',
            'Legal obligation: to keep tax and accounting records, respond to lawful requests and meet other legal requirements.',
          ],
        },
      ],
    },
    {
      id: 'how-we-share-information',
      heading: 'How We Share Information',
      blocks: [
        'We share personal information only as described here:',
        {
          list: [
            'Other players: your display name, avatar, base, race results and other profile and game information are visible to other players, as are the messages you send them.',
            'Service providers: companies that work on our behalf, such as our cloud hosting, identity and database providers, payment processors, the third-party service that screens voice chat in public spaces, email and push notification providers, merch fulfilment partners and shipping carriers, analytics and customer support providers. They may use the information only to provide their services to us.',
            'App stores: Apple and Google, to process in-app purchases and subscriptions and to check app integrity.',
            'Partners: if you join using a partner’s invite code, we may tell that partner that their code was used. We do not give partners your contact details.',
            'Legal and safety: authorities or others where we believe in good faith that the law requires it, or that it is needed to protect the safety, rights or property of players, the public or Outpost.',
            'Business transfers: a buyer or successor if Outpost is involved in a merger, acquisition or sale of assets, subject to this Privacy Policy.',
            'With your consent: anyone else you ask us to share it with.',
          ],
        },
        'We do not sell your personal information.',
      ],
    },
    {
      id: 'data-retention',
      heading: 'How Long We Keep Information',
      blocks: [
        'We keep personal information only for as long as we need it for the purposes in this Privacy Policy:',
        {
          list: [
            'Account, profile and game information is kept while your account is active. Your licence is terminated after 6 months of inactivity, after which we may delete your account and its data.',
            'Public chat is not logged, so we do not keep public chat messages.',
            'Direct messages are kept while your account is active and are deleted when your account is deleted.',
            'Voice chat in public spaces is processed by the screening service only for as long as needed to screen it.',
            'Purchase and order records are kept for as long as tax, accounting and consumer laws require.',
            'Launch update emails are kept until you unsubscribe.',
            'Reports and records of moderation actions are kept for as long as needed to keep the Services safe and to handle appeals.',
          ],
        },
        'When we delete information, copies may remain in backups for a limited time before they are overwritten.',
      ],
    },
    {
      id: 'security',
      heading: 'Security',
      blocks: [
        'We use technical and organisational measures to protect personal information, including encryption in transit, access controls that limit staff access to what their role needs, and app and device integrity checks.',
        'No system is completely secure. Please use a strong, unique password and tell us at privacy@outpost.example if you think your account has been compromised.',
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      blocks: [
        'Outpost is intended for players aged 16 and older. The Services are not directed to children under 16, and we do not knowingly collect personal information from children under 16.',
        'If we learn that we have collected personal information from a child under 16, we will delete it and close the account. If you believe a child under 16 has given us personal information, contact privacy@outpost.example.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your Privacy Rights',
      blocks: [
        'Depending on where you live, you may have the right to:',
        {
          list: [
            'access the personal information we hold about you and get a copy of it;',
            'correct information that is inaccurate or incomplete;',
            'delete your personal information;',
            'receive your information in a portable format;',
            'object to or restrict certain processing, including processing based on legitimate interests;',
            'withdraw consent you have given, without affecting processing before the withdrawal;',
            'opt out of the sale or sharing of personal information for targeted advertising, although we do not sell your personal information;',
            'complain to a data protection authority where you live.',
          ],
        },
        'To exercise these rights, email privacy@outpost.example from the email address on your account. We may need to verify your identity before acting on your request, and we will respond within the time the law requires. If we decline your request, you can ask us to reconsider it.',
        'We will not discriminate against you for exercising your privacy rights.',
      ],
    },
    {
      id: 'delete-or-download',
      heading: 'Deleting Your Account and Downloading Your Data',
      blocks: [
        'You can do both yourself, signed in, on your account page (/account), under “Your data”.',
        'Download your data gives you one file (JSON) with your account and profile and, in every part of the Services, your credits history, orders, invites, feedback, reports and the other records we keep about you.',
        'Delete your account asks for your password, then deletes the account at once. This cannot be undone. ' +
          ERASED_BY_DELETION,
        KEPT_AFTER_DELETION,
      ],
    },
    {
      id: 'your-choices',
      heading: 'Your Choices',
      blocks: [
        {
          list: [
            'Emails: you can unsubscribe from launch news and other marketing emails with the link in each email. We will still send service messages about your account and purchases.',
            'Push notifications: you can turn notifications off in your device settings.',
            'Cookies: you can block or delete cookies in your browser settings, although some parts of our website may not work without them.',
            'Advertising identifiers: you can reset or limit the use of your device advertising identifier in your device settings.',
          ],
        },
      ],
    },
    {
      id: 'international-transfers',
      heading: 'International Transfers',
      blocks: [
        'Our servers and many of our service providers are located in the United States, so your personal information may be transferred to, stored in and processed in the United States and other countries whose data protection laws may differ from those where you live.',
        'When we transfer personal information out of the European Economic Area, the United Kingdom or Switzerland, we use appropriate safeguards, such as the standard contractual clauses approved by the European Commission and the UK equivalents.',
      ],
    },
    {
      id: 'changes-to-this-policy',
      heading: 'Changes to This Privacy Policy',
      blocks: [
        'We may update this Privacy Policy from time to time. The date at the top shows when it was last updated. If we make material changes, we will tell you in the game, on our website or by email before they take effect.',
      ],
    },
    {
      id: 'contact-us',
      heading: 'Contact Us',
      blocks: [
        'Questions, requests or complaints about this Privacy Policy or your personal information: privacy@outpost.example.',
        'Questions about our End-User License Agreement: legal@outpost.example.',
        'This Privacy Policy was last updated 7/21/24.',
      ],
    },
  ],
};
