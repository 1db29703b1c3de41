/// Words and numbers for generated feeds that read like a real one: titles of one to three
/// lines' worth of English or Chinese, like counts and prices.
public enum GeneratedText {
    /// The language of generated titles.
    public enum Language: String, Sendable, Hashable, CaseIterable {
        /// Titles in English words.
        case english
        /// Titles in Chinese characters.
        case chinese
    }

    /// What a generated subtitle shows.
    public enum Subtitle: String, Sendable, Hashable, CaseIterable {
        /// A like count, such as `♥ 1.2k`.
        case likes
        /// A price, such as `¥199`.
        case prices
    }

    static let englishWords = [
        "weekend", "brunch", "in", "Dali", "with", "a", "view", "over", "the", "lake", "linen", "shirt", "summer",
        "outfit", "ideas", "for", "city", "walks", "my", "favourite", "coffee", "spot", "hidden", "garden", "cafe",
        "easy", "pasta", "recipe", "ten", "minutes", "cozy", "reading", "corner", "small", "apartment", "tour",
        "sunset", "hike", "trail", "guide", "vintage", "camera", "finds", "morning", "routine", "that", "works",
        "handmade", "ceramic", "mugs", "street", "food", "night", "market", "minimal", "desk", "setup", "new",
        "season", "colours", "to", "try", "this", "week", "and", "of", "best",
    ]

    static let chineseWords = [
        "周末", "大理", "早午餐", "洱海", "边的", "小院子", "阳光", "正好", "适合", "发呆", "拍照", "夏天", "穿搭",
        "灵感", "城市", "散步", "咖啡", "小店", "隐藏", "花园", "简单", "意面", "十分钟", "搞定", "温馨", "阅读",
        "角落", "小户型", "改造", "日落", "徒步", "路线", "攻略", "复古", "相机", "好物", "分享", "早晨", "习惯",
        "手工", "陶瓷", "杯子", "街头", "美食", "夜市", "极简", "书桌", "布置", "新季", "配色", "推荐", "一周",
        "的", "和", "超级", "治愈", "宝藏",
    ]

    /// A title of 2 to 16 words (English) or 2 to 12 words (Chinese), so one to three lines of a
    /// phone column.
    static func title(_ language: Language, using generator: inout SplitMix64) -> String {
        switch language {
        case .english:
            let count = generator.nextInt(in: 2...16)
            var words = (0..<count).map { _ in englishWords[generator.nextInt(in: 0...(englishWords.count - 1))] }
            words[0] = words[0].prefix(1).uppercased() + words[0].dropFirst()
            return words.joined(separator: " ")
        case .chinese:
            let count = generator.nextInt(in: 2...12)
            return (0..<count).map { _ in chineseWords[generator.nextInt(in: 0...(chineseWords.count - 1))] }
                .joined()
        }
    }

    /// A like count such as `♥ 1.2k`, or a price such as `¥199`.
    static func subtitle(_ kind: Subtitle, using generator: inout SplitMix64) -> String {
        switch kind {
        case .likes:
            let likes = generator.nextInt(in: 0...25_000)
            if likes < 1000 { return "♥ \(likes)" }
            let tenths = likes / 100
            return "♥ \(tenths / 10).\(tenths % 10)k"
        case .prices:
            return "¥\(generator.nextInt(in: 9...999))"
        }
    }
}
