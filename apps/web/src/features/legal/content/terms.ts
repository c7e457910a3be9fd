import type { LegalDocument } from '../legal-document';

export const termsOfUse: LegalDocument = {
  title: 'End-User License Agreement',
  lastUpdated: '7/24/24',
  intro: [
    'This End-User License Agreement (the “Agreement”) is a binding contract between you and the Outpost studio (“Outpost”, “we”, “us” or “our”). It governs your use of Outpost, our social open-world game for iOS and Android, together with the Outpost website, the mtota episode library, our shop and merch store, and every related feature, update and service we provide (together, the “Services”).',
    'By downloading, installing, creating an account for, accessing or using the Services, you accept this Agreement and confirm that you have read our Privacy Policy. If you do not accept this Agreement, do not download, install or use the Services.',
    'Please read this Agreement carefully. Among other things, it ends your licence after a period of inactivity, limits our liability, and contains a binding individual arbitration agreement and class-action waiver in the section “Disputes and Arbitration”.',
  ],
  sections: [
    {
      id: 'the-services',
      heading: 'The Services',
      blocks: [
        'Outpost is a social open-world game set in a post-apocalyptic world. You join the resistance, build and decorate a base made from shipping containers, take on quests, hang out with friends, race drones, dress your avatar and watch story episodes. Some features are free; others require a subscription or a purchase.',
        'The Services change over time. We may add, change, suspend or remove features, content, modes, events, Virtual Items or regions at any time, including for game-balance, safety, legal or technical reasons. Unless the law requires otherwise, we are not liable to you for doing so.',
        'Some features, events, promotions and programmes have additional rules, which we show to you when you take part. Those rules form part of this Agreement. If they conflict with this Agreement, the additional rules apply to that feature.',
      ],
    },
    {
      id: 'eligibility-and-age',
      heading: 'Eligibility and Age',
      blocks: [
        'Outpost is recommended for players aged 16 and older. The Services are intended for players aged 16 and older and are not directed to children under 16.',
        'If you are under 16, you may not create an account or use the Services.',
        'If you are 16 or older but have not reached the age of majority where you live, you confirm that your parent or legal guardian has read and agreed to this Agreement on your behalf. Parents and guardians are responsible for the activity of minors in their care, including purchases.',
        'You may not use the Services if the laws that apply to you prohibit it, or if we have previously terminated your account for breaching this Agreement.',
      ],
    },
    {
      id: 'your-account',
      heading: 'Your Account',
      blocks: [
        'You need an account to play Outpost and to use most features of our website. You sign up with an email address and a password, and you choose a display name that other players can see.',
        'When you create and use an account, you agree to:',
        {
          list: [
            'give us accurate information and keep your email address up to date;',
            'keep your password confidential and not share your account with anyone else;',
            'use only one account per person unless we allow otherwise;',
            'tell us promptly at legal@outpost.example if you believe someone has accessed your account without your permission;',
            'not buy, sell, rent, lend or give away an account, or use someone else’s account.',
          ],
        },
        'You are responsible for all activity under your account, whether or not you authorised it, until you tell us that your account may have been compromised.',
        'Your account, including its display name, progress, Virtual Items and g00wiy balance, is personal to you. It is not your property and cannot be transferred to anyone else.',
      ],
    },
    {
      id: 'licence-grant',
      heading: 'Licence to Use Outpost',
      blocks: [
        'Subject to your compliance with this Agreement, we grant you a limited, personal, non-exclusive, non-transferable, non-sublicensable and revocable licence to download, install and use the Outpost app on compatible iOS and Android devices that you own or control, and to access the Services, for your own personal, non-commercial entertainment.',
        'The Services are licensed, not sold. We and our licensors own all rights, title and interest in the Services, including the game software, world, characters, story, episodes, artwork, music, avatars, Virtual Items, digital doubles, trademarks and logos. All rights we do not expressly grant to you are reserved.',
        'If you downloaded the app from the Apple App Store or Google Play, you must also comply with that store’s terms of service. See “App Store Terms” below.',
      ],
    },
    {
      id: 'licence-restrictions',
      heading: 'Licence Restrictions',
      blocks: [
        'Except where the law expressly allows it, you may not:',
        {
          list: [
            'copy, modify, translate, adapt or create derivative works of the Services;',
            'decompile, reverse engineer, disassemble or attempt to derive the source code of the app or any part of the Services;',
            'use cheats, bots, hacks, mods, macros, automation or any other unauthorised third-party software;',
            'exploit bugs or glitches instead of reporting them to us;',
            'interfere with, disable or circumvent our servers, anti-cheat systems, device-integrity checks or other security features;',
            'sell, rent, lease, sublicense or otherwise commercially exploit the Services;',
            'buy, sell or trade accounts, Virtual Items or g00wiy for real money or anything else of value outside the Services;',
            'scrape, data-mine or harvest information from the Services;',
            'remove or alter any copyright, trademark or other proprietary notice;',
            'circumvent any age, regional or access restriction.',
          ],
        },
      ],
    },
    {
      id: 'inactivity',
      heading: 'Inactivity',
      blocks: [
        'Your licence to use Outpost is terminated after 6 months of inactivity. Your account is inactive when you have not signed in to the game or the Services for 6 consecutive months.',
        'Before your licence ends for inactivity, we may send a reminder to the email address on your account. Signing in before the 6-month period ends keeps your licence active.',
        'When your licence ends for inactivity, you lose access to your account, including your progress, Virtual Items, digital doubles and any unused g00wiy, and we may delete the account. This does not affect merch that has already been shipped to you.',
      ],
    },
    {
      id: 'subscriptions',
      heading: 'Subscriptions',
      blocks: [
        'The Outpost subscription unlocks premium features in the game. The subscription costs $7.99 a month. Prices are set in US dollars; the store may show the equivalent price in your local currency, plus any applicable taxes.',
        'An annual subscription is also offered at a discounted rate. The discounted annual price is shown in the store before you purchase.',
        'A subscription lasts 30 days from activation. Unless you cancel it, it renews for the upcoming month at the end of each period, and you are charged the subscription price then in effect using your chosen payment method.',
        'You can cancel your subscription for the upcoming month at any time. Cancelling stops the subscription from renewing, and you are not charged for the upcoming month.',
        'On cancellation, premium features are revoked, but items you obtained are kept. Anything you earned, claimed or bought while subscribed stays in your account.',
        'If you subscribed through the Apple App Store or Google Play, cancel through the subscription settings of your store account. If you subscribed directly with us, cancel in your account settings or by contacting us. Deleting the app does not cancel a subscription.',
        'We may change the subscription price or the premium features it includes. We will tell you about a price change in advance; it applies from your next renewal, and you can cancel before it takes effect if you do not agree.',
      ],
    },
    {
      id: 'payments-and-billing',
      heading: 'Payments and Billing',
      blocks: [
        'We accept Apple Pay, Google Pay, PayPal and credit cards. The methods available to you depend on your device, your country and where you make the purchase. Purchases made inside the iOS or Android app are processed by Apple or Google under their terms; purchases on our website, including merch orders, are processed by our payment provider.',
        'You authorise us, or the relevant app store or payment provider, to charge your chosen payment method for each purchase and subscription renewal you make, including applicable taxes. You confirm that you are authorised to use that payment method.',
        'The price of every purchase is shown before you confirm it. Prices may differ between platforms and regions, and we may run promotions at any time without owing a price adjustment on earlier purchases.',
        'If a payment fails or is reversed, for example through a chargeback, we may suspend premium features, remove the g00wiy or Virtual Items bought with that payment, or suspend your account until the amount is settled.',
      ],
    },
    {
      id: 'refunds',
      heading: 'Refunds',
      blocks: [
        'Refund requests must be made within the current billing cycle. We do not accept a refund request made after the billing cycle in which the charge occurred has ended, except where the law requires us to.',
        'To request a refund for a subscription or purchase made directly with us, email legal@outpost.example with your display name, the date of the charge and the reason for your request. Purchases made through the Apple App Store or Google Play are refunded by Apple or Google under their own refund processes, and we cannot issue those refunds directly.',
        'g00wiy is non-refundable; see “Virtual Currency (g00wiy)” below. When we grant a refund, we may remove the premium features, g00wiy or Virtual Items that the refunded payment paid for.',
        'If you live in the European Economic Area or the United Kingdom, you agree that digital content and services are supplied immediately after purchase, and you acknowledge that you lose your statutory right of withdrawal once supply has begun.',
        'Nothing in this section limits any right to a refund or other remedy that you have under mandatory consumer law where you live.',
      ],
    },
    {
      id: 'virtual-currency',
      heading: 'Virtual Currency (g00wiy)',
      blocks: [
        'The in-game currency is called g00wiy. You can earn g00wiy by playing, receive it as a reward or buy it in credit packs. You can spend g00wiy only inside the Services, on the Virtual Items and features we make available for g00wiy.',
        'g00wiy is non-refundable and non-transferable. It cannot be exchanged for real money or for goods or services outside the Services, and it cannot be sold, traded, gifted or moved to another player or account.',
        'g00wiy has no monetary value and is not your property. When you buy g00wiy, you obtain a limited licence to use it in the Services, and that licence is used up when you spend it.',
        'We may manage, regulate, change or remove g00wiy, its prices and what it can be spent on at any time. Unused g00wiy is forfeited when your account or licence ends, including after 6 months of inactivity, except where the law requires otherwise.',
        'Redemption codes that grant g00wiy or Virtual Items can be redeemed once, only before any stated expiry date, and have no cash value.',
      ],
    },
    {
      id: 'virtual-items',
      heading: 'Virtual Items, Avatars and Lighting Presets',
      blocks: [
        'The Services include virtual items such as avatars, avatar outfits and accessories, base decorations, lighting presets, drones and other collectibles (“Virtual Items”). You can obtain them by playing, claiming them during events, redeeming codes, spending g00wiy or through your subscription.',
        'Virtual Items are licensed to you, not sold. Like g00wiy, they have no monetary value, are personal to your account and cannot be sold or transferred to another account.',
        'Items you have obtained stay in your account if your subscription ends. We may change the appearance or behaviour of a Virtual Item where needed to keep the game working, fair or balanced.',
      ],
    },
    {
      id: 'mystery-balls-and-drops',
      heading: 'Mystery-Ball Machines and Drops',
      blocks: [
        'Mystery-ball machines and drops give you a randomly selected Virtual Item when you spin or open them. The item you receive is determined by chance, and you may receive an item you already own.',
        'Before you spin, we show what a machine or drop can contain and, where the law or app store rules require it, the odds of receiving each type of item.',
        'Spins and drops are for entertainment only. The items they give have no monetary value and cannot be cashed out, and a spin is not refundable because you did not receive a particular item.',
        'Where local law restricts randomised items, some machines or drops may not be available in your country.',
      ],
    },
    {
      id: 'merch-and-digital-doubles',
      heading: 'Merch Orders and Digital Doubles',
      blocks: [
        'Some avatar fashion in Outpost can be ordered as real merch. A digital double is the in-game version of a physical product. Where an order includes a digital double, it is added to your account as a Virtual Item and is governed by this Agreement.',
        'Merch orders are paid through our payment provider at the price shown at checkout, including any shipping costs and taxes shown before you pay. Placing an order is an offer to buy; a contract is formed when we confirm the order by email.',
        'We may decline or cancel an order, for example if a product is out of stock, mispriced or cannot be shipped to your address. We refund any amount charged for an order we cancel.',
        'You must give an accurate shipping address. Delivery dates are estimates, not guarantees. If a parcel is lost in transit or arrives damaged or defective, contact us and we will replace the item or refund you.',
        'Import duties and customs charges on international deliveries may be charged by the carrier and are your responsibility unless the checkout says otherwise.',
        'The colours and details of physical products may differ slightly from their digital doubles. Your rights as a consumer under the law where you live, including your rights for faulty goods, are not affected.',
      ],
    },
    {
      id: 'drone-racing-quests-and-events',
      heading: 'Drone Racing, Quests and Events',
      blocks: [
        'Drone racing is a competitive mode in which each race has 64 pilots.',
        'Race results, rankings and rewards are determined by our servers. Our records are final, except that we may correct obvious errors.',
        'We may remove results or rewards obtained by cheating, collusion, exploiting bugs or using unauthorised software, and may bar the pilots involved from future races.',
        'Quests, seasonal events and leaderboards may have their own rules, time limits and rewards, which we show in the game. Rewards have no cash value.',
      ],
    },
    {
      id: 'mtota-episode-library',
      heading: 'The mtota Episode Library',
      blocks: [
        'mtota is our library of story episodes from the Outpost world. You can watch episodes, save favourites and see the in-game stats linked to them.',
        'Episodes are provided for your personal, non-commercial viewing within the Services. You may not download, record, rebroadcast, re-upload or publicly perform them, except using sharing features we provide or as allowed by a content-creator policy we publish.',
        'We may add, change or remove episodes at any time. Some episodes may be available only to subscribers, beta players or players in certain regions.',
      ],
    },
    {
      id: 'beta-and-invites',
      heading: 'Beta and Invite Programme',
      blocks: [
        'We may offer early access to test versions of the Services (the “Beta”). Access is by invite or by request, and we decide who takes part. Invites are personal, may be limited in number and may not be sold.',
        'Beta versions are unfinished. They may contain bugs, crash, lose data or differ from the final game, and we may reset progress, Virtual Items and g00wiy earned in the Beta at any time. The Beta is provided “as is”, and we make no commitment that any Beta feature will be released.',
        'When we tell you that a build or feature is confidential, you must not stream, record, share screenshots of or otherwise disclose it until we lift that restriction.',
        'If you send us feedback, suggestions or bug reports, you allow us to use them for any purpose, without obligation or payment to you.',
      ],
    },
    {
      id: 'partner-programme',
      heading: 'Partner Referral Programme',
      blocks: [
        'Our partner referral programme lets approved creators, influencers and other partners invite players to Outpost with personal invite codes and earn rewards when those invites are used. We decide who may join the programme.',
        'Partner rewards are in-game rewards such as Virtual Items or g00wiy, as described in your partner invite, unless a separate written partner agreement says otherwise. Rewards have no cash value and are subject to this Agreement.',
        'As a partner, you must:',
        {
          list: [
            'clearly disclose your relationship with Outpost whenever you promote it, as advertising laws require;',
            'not send spam or make false or misleading claims about Outpost;',
            'not run paid advertising using our names or trademarks without our written permission;',
            'not refer yourself, create fake accounts or offer cash for sign-ups;',
            'not direct your promotion at children under 16.',
          ],
        },
        'We may withhold or reverse rewards obtained in breach of these rules, and may change or end the programme, or your participation in it, at any time.',
      ],
    },
    {
      id: 'your-content',
      heading: 'Your Content',
      blocks: [
        '“User Content” means anything you create, upload, send or share through the Services, such as your display name, avatar designs, base layouts, chat and voice messages, feedback and reports.',
        'You keep ownership of your User Content. You grant us a worldwide, non-exclusive, royalty-free, sublicensable and transferable licence to host, store, reproduce, adapt, display, perform and distribute your User Content to operate, improve and promote the Services. This licence ends when your User Content is deleted from the Services, except for copies other players have already saved or shared, backups kept for a limited time and copies we must keep by law.',
        'This licence does not let our staff read your direct messages; see “Chat, Direct Messages and Voice” below.',
        'You are responsible for your User Content. You confirm that you have the rights needed to share it and that it does not break this Agreement or the law.',
        'We may remove or block User Content, change a display name, or reset an avatar or base design that we believe breaks this Agreement, with or without notice.',
      ],
    },
    {
      id: 'code-of-conduct',
      heading: 'Code of Conduct',
      blocks: [
        'Outpost is a shared world. To keep it fun and safe for everyone, you must not:',
        {
          list: [
            'harass, bully, threaten, stalk or intimidate anyone;',
            'post or say anything hateful or discriminatory, including on the basis of race, ethnicity, religion, gender, sexual orientation, disability or age;',
            'share sexual content, and never any content that sexualises minors;',
            'reveal anyone’s personal information, including your own, in public;',
            'impersonate another person, including Outpost staff or partners;',
            'spam, advertise, scam, phish or ask for other players’ passwords or payment details;',
            'cheat, grief, or deliberately disrupt races, quests, events or other players’ bases;',
            'encourage self-harm, violence or illegal activity;',
            'infringe anyone’s intellectual property or other rights.',
          ],
        },
        'You can report players and content in the game. We review reports and may act on them, but we do not monitor all activity and we are not responsible for the conduct of other players.',
        'If you break these rules, we may warn you, mute you, remove content, remove Virtual Items or g00wiy obtained improperly, or suspend or terminate your account, depending on how serious and how frequent the breach is.',
      ],
    },
    {
      id: 'chat-and-voice',
      heading: 'Chat, Direct Messages and Voice',
      blocks: [
        'Outpost lets you talk to other players through public text chat, private direct messages and voice chat. These channels are handled as follows:',
        {
          list: [
            'Public chat is not logged. Messages you send in public chat are delivered to the players around you and are not kept in a chat log.',
            'Direct messages are stored, and our staff cannot read them. They are stored so that you and the people you message can see your conversation history.',
            'Voice chat in public spaces is screened for profanity by a third-party service. Profanity may be filtered or muted, and repeated or serious breaches of the Code of Conduct may lead to restrictions on your voice chat or your account.',
          ],
        },
        'Because public chat is not logged and our staff cannot read direct messages, we may not be able to verify a report about a conversation. When you report a player, include as much detail as you can, and use any block and mute tools available in the game.',
        'Do not share passwords, payment details or other sensitive information in chat, including in direct messages. Other players are not bound by our Privacy Policy.',
        'Chat and voice messages are User Content and must follow the Code of Conduct. Our Privacy Policy explains in more detail how we handle chat and voice data.',
      ],
    },
    {
      id: 'third-party-services',
      heading: 'Third-Party Services',
      blocks: [
        'The Services may link to or work with services we do not operate, such as app stores, payment providers, our community chat server, social networks and video platforms. Your use of those services is governed by their own terms and privacy policies, and we are not responsible for them.',
      ],
    },
    {
      id: 'app-store-terms',
      heading: 'App Store Terms',
      blocks: [
        'If you downloaded the app from the Apple App Store or Google Play, the following also applies:',
        {
          list: [
            'This Agreement is between you and Outpost only, not Apple or Google. Outpost, not Apple or Google, is solely responsible for the app and its content.',
            'Apple and Google have no obligation to provide maintenance or support for the app.',
            'If the app fails to conform to an applicable warranty, you may notify Apple, and Apple will refund the purchase price of the app, if any. To the maximum extent permitted by law, Apple has no other warranty obligation for the app.',
            'Outpost, not Apple, is responsible for addressing any claims by you or a third party relating to the app, including product liability claims, claims that the app fails to meet legal or regulatory requirements, consumer protection claims and intellectual property infringement claims.',
            'You confirm that you are not located in a country subject to a US Government embargo or designated as a “terrorist supporting” country, and that you are not on any US Government list of prohibited or restricted parties.',
            'Apple and its subsidiaries are third-party beneficiaries of this Agreement and may enforce it against you.',
          ],
        },
      ],
    },
    {
      id: 'suspension-and-termination',
      heading: 'Suspension and Termination',
      blocks: [
        'You may stop using the Services at any time. You can ask us to delete your account by using the account deletion option in the game, where available, or by contacting us. Deleting the app does not delete your account or cancel a subscription.',
        'We may suspend or terminate your account or licence, with or without notice, if you breach this Agreement, if the law requires it, if your conduct puts other players or the Services at risk, or if we stop offering the Services. Your licence also ends automatically after 6 months of inactivity, as described in “Inactivity” above.',
        'When your licence ends, you must stop using the Services and uninstall the app, and you lose access to your account, Virtual Items and g00wiy. If we terminate your account because you breached this Agreement, no refund is due for g00wiy, Virtual Items or unused subscription time, except where the law requires otherwise.',
        'If we decide to shut down the Services entirely, we will give reasonable advance notice in the game or on our website.',
        'Provisions that by their nature should survive termination do so, including those on ownership, g00wiy and Virtual Items, disclaimers, limitation of liability, indemnity and disputes.',
      ],
    },
    {
      id: 'disclaimers',
      heading: 'Disclaimers',
      blocks: [
        'TO THE FULLEST EXTENT PERMITTED BY LAW, THE SERVICES ARE PROVIDED “AS IS” AND “AS AVAILABLE”, WITHOUT WARRANTIES OF ANY KIND, WHETHER EXPRESS, IMPLIED OR STATUTORY, INCLUDING WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE, TITLE AND NON-INFRINGEMENT.',
        'We do not promise that the Services will be uninterrupted, secure or error-free, that defects will be corrected, that your progress or Virtual Items will never be lost, or that the Services will be compatible with every device.',
        'Some jurisdictions do not allow the exclusion of certain warranties, so some of these exclusions may not apply to you. Nothing in this Agreement affects the statutory rights you have as a consumer that cannot be excluded.',
      ],
    },
    {
      id: 'limitation-of-liability',
      heading: 'Limitation of Liability',
      blocks: [
        'TO THE FULLEST EXTENT PERMITTED BY LAW, OUTPOST AND ITS AFFILIATES, LICENSORS AND SERVICE PROVIDERS ARE NOT LIABLE FOR ANY INDIRECT, INCIDENTAL, SPECIAL, CONSEQUENTIAL, EXEMPLARY OR PUNITIVE DAMAGES, OR FOR ANY LOSS OF PROFITS, DATA, GOODWILL, VIRTUAL ITEMS OR G00WIY, ARISING OUT OF OR RELATING TO THIS AGREEMENT OR THE SERVICES.',
        'To the fullest extent permitted by law, our total liability to you for all claims arising out of or relating to this Agreement or the Services is capped at the amount you paid us in the 6 months before the event giving rise to the claim, including amounts paid through an app store for Outpost purchases.',
        'Nothing in this Agreement limits or excludes liability for death or personal injury caused by negligence, for fraud, or for anything else that cannot be limited or excluded by law.',
      ],
    },
    {
      id: 'indemnity',
      heading: 'Indemnity',
      blocks: [
        'To the extent permitted by law, you agree to defend, indemnify and hold harmless Outpost and its affiliates, employees and licensors from any claims, losses, liabilities and expenses, including reasonable legal fees, arising from your User Content, your breach of this Agreement or your violation of any law or the rights of others.',
      ],
    },
    {
      id: 'governing-law',
      heading: 'Governing Law',
      blocks: [
        'This Agreement is governed by the laws of the State of Delaware, United States, and applicable US federal law, without regard to conflict-of-laws rules.',
        'If you live in the European Economic Area, the United Kingdom or another country whose law gives you mandatory consumer protections, you also keep the benefit of those protections.',
      ],
    },
    {
      id: 'disputes-and-arbitration',
      heading: 'Disputes and Arbitration',
      blocks: [
        'Informal resolution. Before starting a formal claim, you agree to email us at legal@outpost.example with a description of the dispute and the remedy you want. We will try to resolve it informally within 60 days.',
        'Binding arbitration. If we cannot resolve a dispute informally, it will be resolved by binding individual arbitration administered by the American Arbitration Association under its Consumer Arbitration Rules, rather than in court. Either of us may instead bring an individual claim in small-claims court, and either of us may seek an injunction in court to protect intellectual property rights.',
        'Class-action waiver. You and we may bring claims against each other only individually, and not as a plaintiff or class member in any class, collective or representative proceeding.',
        'Opting out. You may opt out of this arbitration agreement by emailing legal@outpost.example, with your display name and a clear statement that you opt out, within 30 days of first accepting this Agreement.',
        'Exceptions. If you live in the European Economic Area, the United Kingdom or another country whose law does not permit this arbitration agreement, it does not apply to you, and you may bring claims in the courts of your country of residence.',
      ],
    },
    {
      id: 'changes-to-this-agreement',
      heading: 'Changes to This Agreement',
      blocks: [
        'We may update this Agreement from time to time. The date at the top shows when it was last updated. If we make material changes, we will tell you in the game, on our website or by email before they take effect.',
        'If you keep using the Services after changes take effect, you accept the updated Agreement. If you do not agree, stop using the Services and cancel any subscription. Changes do not apply to disputes that arose before they took effect.',
      ],
    },
    {
      id: 'general-terms',
      heading: 'General Terms',
      blocks: [
        {
          list: [
            'Entire agreement: this Agreement, together with our Privacy Policy and any additional rules for particular features, is the entire agreement between you and us about the Services.',
            'Severability: if any part of this Agreement is found unenforceable, the rest remains in effect.',
            'No waiver: if we do not enforce a provision, we have not waived our right to enforce it later.',
            'Assignment: you may not transfer this Agreement. We may transfer it, for example as part of a merger or sale of assets, without your consent.',
            'Events beyond our control: we are not liable for delays or failures caused by events outside our reasonable control.',
            'Export controls: you must comply with all applicable export and sanctions laws when using the Services.',
            'Language: if we provide a translation of this Agreement, the English version controls to the extent the law allows.',
          ],
        },
      ],
    },
    {
      id: 'contact-us',
      heading: 'Contact Us',
      blocks: [
        'Questions about this Agreement, refund requests, arbitration opt-outs and legal notices: legal@outpost.example.',
        'Questions about your personal information: privacy@outpost.example.',
        'This End-User License Agreement was last updated 7/24/24.',
      ],
    },
  ],
};
