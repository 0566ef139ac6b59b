extension Search {
    /// The built-in word list: a few hundred common English words, sorted.
    static let words: [String] = Set(
        """
        able about above accept across act actor add address admit adult affect after again age agent \
        agree ahead air all allow almost alone along already also always amount animal answer any apple \
        appear apply april apricot area argue arm army around arrive art article artist ask attack avoid \
        away baby back bad bag ball bank bar base basket beach bean bear beat beauty bed beef before begin \
        behind believe bell belt berry best better bicycle big bill bird birth bit black blade blue board \
        boat body bone book border bottle bottom box boy brain branch bread break bridge bright bring \
        brother brown build burn bus business butter button buy cabin cake call camera camp can candle \
        cape capital car card care carpet carry case castle cat catch cause cell center chair chance change \
        chapter charge cheap cheese cherry chest chicken child choice church circle city claim class clean \
        clear climb clock close cloud coach coast coat coffee cold collect color come common cook cool copper \
        corn corner cost cotton country course cover cow crash cream create crop cross crowd cup current \
        cut dance danger dark data date daughter day deal dear debate decide deep deer degree desert design \
        desk detail develop diamond dinner direct dirt dish doctor dog door double down draw dream dress \
        drink drive drop drum dry duck dust eagle ear early earth east easy eat edge egg eight elephant \
        empty end enemy energy engine enjoy enter equal escape evening event exact exam example face fact \
        fail fair fall family farm fast father fear feather feed field fight figure fill film final find \
        fine finger finish fire first fish five flag flame flat floor flower fly follow food foot forest \
        fork form four fox frame free fresh friend frog front fruit full fun game garden gate gather gift \
        girl give glass glove goat gold good grain grape grass great green ground group grow guard guess \
        guest guide hair half hall hammer hand happy harbor hard hat head heart heat heavy help hill history \
        hold hole holiday home honey hope horse hospital hot hotel hour house human hunt ice idea inch \
        island jacket jam job join joke journey juice jump jungle key kind king kitchen kite knee knife \
        know lake lamp land language large laugh lawn leaf learn leather lemon letter level library light \
        lime line lion lip list little live lock long lunch machine magic mail map market match meal meat \
        metal milk mind minute mirror money monkey month moon morning mother mountain mouse mouth move music \
        nail name nation nature neck needle nest net night nine noise north nose note number nurse ocean \
        offer office oil old onion open orange order oven owl page paint pair paper parent park party pass \
        path peace pear pen pencil people pepper piano picture pie pig pilot pine pink pipe place plane \
        plant plate play pocket point pond potato power press price prince print prize pump purple queen \
        question quick quiet rabbit race radio rain raise range rat reach read record red rest rice rich \
        ride right ring river road rock roof room root rope rose round rule run sail salt sand school sea \
        season seat seed shadow shape sheep shelf shell ship shirt shoe shop silver sister sky sleep smile \
        snake snow soap song soup south space spoon spring square stamp star station stone storm story \
        street sugar summer sun swan sweet swift swim swing table tail tea teacher tent thread throat thumb \
        ticket tiger time toe tomato tongue tooth top towel tower town toy train tree truck turtle twin \
        umbrella uncle valley village violin voice wall war watch water wave wax weather week wheel whistle \
        window wine wing winter wire wolf woman wood wool word world yard year yellow zebra zero
        """.split(separator: " ").map(String.init)
    ).sorted()
}
